import jax.numpy as jnp

from sensitivity import sensitivities


def test_peak_grows_with_transmission():
    assert sensitivities(jnp.array([0.5, 0.2, 0.01]))["beta"] > 0
