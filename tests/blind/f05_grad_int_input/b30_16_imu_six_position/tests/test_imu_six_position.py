import jax
import jax.numpy as jnp

from bench import record_static
from imu import AccelCalibration, calibrate


def test_calibration_reduces_residual():
    raw = record_static(jax.random.PRNGKey(1), samples=5)
    calib, value = calibrate(AccelCalibration.nominal(), raw, steps=2)
    assert jnp.isfinite(value)
