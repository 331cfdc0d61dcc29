import jax.numpy as jnp

from calibrate import calibrate


def test_calibration_step_is_finite():
    _, value = calibrate(iters=2)
    assert jnp.isfinite(value)
