import jax.numpy as jnp

from calib.state import CalibConfig
from calibrate import calibrate


def test_temperature_stays_positive():
    state, value = calibrate(CalibConfig(steps=5))
    assert jnp.all(state.temperature > 0) and jnp.isfinite(value)
