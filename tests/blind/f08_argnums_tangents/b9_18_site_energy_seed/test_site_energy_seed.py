import jax.numpy as jnp

from md import cluster, energy_and_forces


def test_forces_have_position_shape():
    _, f = energy_and_forces(cluster())
    assert f.shape == cluster().shape and jnp.all(jnp.isfinite(f))
