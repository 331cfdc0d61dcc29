import jax.numpy as jnp

from calibrate import calibrate


def test_calibration_runs():
    params, value = calibrate(steps=2)
    assert jnp.isfinite(value)
