import jax

from greeks import price_and_vega


def test_price_is_positive():
    p, _ = price_and_vega(0.25, jax.random.key(1), 100.0, 100.0, 130.0, 21)
    assert float(p) > 0.0
