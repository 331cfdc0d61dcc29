import jax.numpy as jnp

from sensitivity import weighted_sensitivity


def test_sensitivity_keys():
    params = {"alpha": jnp.float32(0.05), "p_max": jnp.float32(1.2), "k_ext": jnp.float32(0.5)}
    out, grads = weighted_sensitivity(params, jnp.arange(1.0, 31.0))
    assert set(grads) == set(params)
