import jax.numpy as jnp

from calibrate import calibrate


def test_calibration_runs():
    losses = calibrate(epochs=2)
    assert jnp.all(jnp.isfinite(losses))
