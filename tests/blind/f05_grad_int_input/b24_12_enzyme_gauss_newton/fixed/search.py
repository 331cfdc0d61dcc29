"""Coarse grid search that seeds the local optimiser."""
import jax
import jax.numpy as jnp


def candidate_grid():
    """(Vmax, Km) candidates in uM/min and uM."""
    return jnp.stack(jnp.meshgrid(jnp.arange(1.0, 21.0), jnp.arange(5.0, 205.0, 5.0)), axis=-1).reshape(-1, 2)


def best_candidate(sse, grid):
    scores = jax.vmap(sse)(grid)
    return grid[jnp.argmin(scores)]
