import jax.numpy as jnp

from calibrate import calibrate


def test_rates_stay_in_bounds():
    rates = calibrate(n_steps=10)
    assert rates.shape == (4,)
    assert bool(jnp.all((rates >= 0.0) & (rates <= 0.7)))
