"""Black-Scholes prices written in jax.numpy, differentiable in every market input."""
import jax.numpy as jnp
from jax.scipy.stats import norm

MARKET_ARGS = ("spot", "vol", "rate", "expiry")


def _d1_d2(spot, vol, rate, expiry, strike):
    sqrt_t = jnp.sqrt(expiry)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol ** 2) * expiry) / (vol * sqrt_t)
    return d1, d1 - vol * sqrt_t


def bs_call(spot, vol, rate, expiry, *, strike):
    d1, d2 = _d1_d2(spot, vol, rate, expiry, strike)
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * expiry) * norm.cdf(d2)


def bs_put(spot, vol, rate, expiry, *, strike):
    d1, d2 = _d1_d2(spot, vol, rate, expiry, strike)
    return strike * jnp.exp(-rate * expiry) * norm.cdf(-d2) - spot * norm.cdf(-d1)
