import jax.numpy as jnp

from train import optimise


def test_battery_arbitrage():
    power, value = optimise(steps=5)
    assert power.shape == (24,)
    assert jnp.isfinite(value)
