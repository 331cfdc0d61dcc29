import jax.numpy as jnp

from calibrate import calibrate


def test_thermistor_adc():
    params, loss = calibrate(steps=10)
    assert jnp.isfinite(loss)
