"""Calibrate zero rates so that a strip of bonds reprices to its market quotes."""
import jax
import jax.numpy as jnp

from curves.discount import discount
from curves.types import Curve


class BondStrip:
    def __init__(self, coupons, maturities, prices, freq=2):
        self.coupons = coupons
        self.maturities = maturities
        self.prices = prices
        self.freq = freq

    def cashflow_times(self, maturity):
        n = int(round(maturity * self.freq))
        return jnp.arange(1, n + 1) / self.freq

    def model_prices(self, curve):
        out = []
        for c, m in zip(self.coupons, self.maturities):
            ts = self.cashflow_times(m)
            cf = jnp.full(ts.shape, 100.0 * c / self.freq).at[-1].add(100.0)
            out.append(jnp.sum(cf * discount(ts, curve)))
        return jnp.stack(out)

    def pricing_error(self, curve):
        return jnp.sum((self.model_prices(curve) - self.prices) ** 2)


def calibrate(strip, curve, iters=100, lr=1e-6):
    grad_fn = jax.grad(strip.pricing_error)
    for _ in range(iters):
        g = grad_fn(curve)
        curve = Curve(curve.times, curve.rates - lr * g.rates)
    return curve
