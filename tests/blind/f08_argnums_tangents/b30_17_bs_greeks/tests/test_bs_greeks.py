import jax.numpy as jnp

from risk import BOOK, Market, book_risk


def test_book_risk_is_finite():
    totals = book_risk(BOOK, Market(spot=100.0, vol=0.2, rate=0.01))
    assert set(totals) == {"pv", "delta", "gamma", "vega", "rho"}
    assert all(jnp.isfinite(v) for v in totals.values())
