import jax
import jax.numpy as jnp

from channel.diffusion import loss
from channel.grid import Grid


def test_grid_cells():
    g = jax.grad(loss)(0.5, Grid(length=1.0, n_cells=20), jnp.zeros(20))
    assert g.shape == ()
