import jax.numpy as jnp

from calibrate import calibrate


def test_calibration_is_finite():
    params, value = calibrate(iters=2)
    assert jnp.all(params > 0) and jnp.isfinite(value)
