import jax.numpy as jnp

from sensitivity import peak_sensitivity


def test_beta_raises_infections():
    infected, d = peak_sensitivity(jnp.array([0.3, 0.1]), "beta")
    assert d.shape == infected.shape
