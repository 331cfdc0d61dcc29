"""Helpers on the site's survey grid (coordinates in metres)."""
import jax.numpy as jnp

CELL = 10


def snap_to_grid(points, cell=CELL):
    """Lower-left corner of the survey cell holding each point."""
    return jnp.floor_divide(points, cell).astype(jnp.int32) * cell


def cell_centres(extent, cell=CELL):
    xs = jnp.arange(0, extent, cell) + cell / 2
    return jnp.stack(jnp.meshgrid(xs, xs), axis=-1).reshape(-1, 2)
