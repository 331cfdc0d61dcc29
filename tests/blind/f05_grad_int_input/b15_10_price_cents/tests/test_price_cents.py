import jax.numpy as jnp

from reprice import reprice


def test_prices_stay_positive():
    _, prices, profit = reprice(steps=5)
    assert jnp.all(prices > 0) and jnp.isfinite(profit)
