import jax.numpy as jnp

from network import ArrayConfig
from sensitivity import parameter_sensitivity


def test_drift_sensitivity_shape():
    cfg = ArrayConfig(n_sensors=2, n_gases=1, n_samples=5)
    params = {"gains": jnp.ones((1, 2)), "drift": jnp.zeros(2)}
    _, sens = parameter_sensitivity(params, jnp.ones((5, 1)), cfg)
    assert sens["drift"].shape == (2,)
