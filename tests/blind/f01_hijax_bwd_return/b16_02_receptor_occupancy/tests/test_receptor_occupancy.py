import jax.numpy as jnp

from fit_dose import run


def test_dose_response_fit():
    params, value = run(n_steps=2)
    assert jnp.isfinite(value)
