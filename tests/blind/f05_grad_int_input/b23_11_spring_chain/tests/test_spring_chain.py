import jax.numpy as jnp

from chain import energy, initial_positions
from relax import relax


def test_relaxation_lowers_energy():
    x0 = initial_positions()
    assert energy(relax(x0, n_iter=20)) < energy(x0)
