import jax.numpy as jnp

from boltzmann import calibrate


def test_temperature_is_positive():
    t = calibrate(jnp.array([0.0, 1.0, 2.0]), jnp.array([10.0, 5.0, 2.0]), steps=3)
    assert t > 0
