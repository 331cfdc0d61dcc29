import jax.numpy as jnp

from cluster import initial_cluster, lj_energy, relax


def test_relaxation_lowers_energy():
    x0 = initial_cluster()
    x1 = relax(x0, steps=5)
    assert lj_energy(x1) <= lj_energy(x0)
