"""Cash-or-nothing digital calls under Black-Scholes, priced as a book."""

from dataclasses import dataclass

import jax.numpy as jnp

from pricing.prims import normal_cdf


@dataclass(frozen=True)
class DigitalCall:
    strike: float
    expiry: float
    payout: float = 1.0


@dataclass
class Book:
    options: list
    rate: float = 0.02

    def arrays(self):
        k = jnp.array([o.strike for o in self.options])
        t = jnp.array([o.expiry for o in self.options])
        q = jnp.array([o.payout for o in self.options])
        return k, t, q

    def value(self, spot, vol):
        k, t, q = self.arrays()
        d2 = (jnp.log(spot / k) + (self.rate - 0.5 * vol**2) * t) / (vol * jnp.sqrt(t))
        return jnp.sum(q * jnp.exp(-self.rate * t) * normal_cdf(d2))
