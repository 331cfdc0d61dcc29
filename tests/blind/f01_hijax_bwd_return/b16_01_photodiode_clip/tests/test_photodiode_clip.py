import jax.numpy as jnp

from calibrate import fit


def test_gain_fit_runs():
    value, gain = fit(n_steps=3)
    assert jnp.isfinite(value)
