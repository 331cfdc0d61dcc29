import jax.numpy as jnp

import calibrate


def test_calibration_step_reduces_misfit():
    temps, snow = calibrate.synthetic_season(calibrate.jax.random.key(1))
    observed = calibrate.mass_balance((jnp.float32(0.5), jnp.float32(0.005)), temps, snow)
    params = (jnp.float32(0.0), jnp.float32(0.004))
    _, first = calibrate.step(params, temps, snow, observed)
    assert jnp.isfinite(first)
