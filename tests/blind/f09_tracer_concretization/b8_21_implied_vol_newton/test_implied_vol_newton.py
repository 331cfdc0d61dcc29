import jax.numpy as jnp

from smile import SPOT, STRIKES, TAU, RATE, calibrate, smile
from blackscholes import call_price


def test_calibration_returns_three_coefficients():
    quotes = call_price(SPOT, STRIKES, RATE, TAU, smile(jnp.array([0.3, 0.0, 0.1]), STRIKES))
    assert calibrate(quotes, steps=1).shape == (3,)
