import jax.numpy as jnp

from calibrate import calibrate


def test_calibration_reduces_misfit():
    depth, loss = calibrate(steps=3)
    assert jnp.isfinite(loss)
