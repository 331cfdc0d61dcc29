"""Closed-form Bachelier (normal-model) greeks."""
import jax.numpy as jnp
from jax.scipy.stats import norm


def moneyness(forward, sigma, strike, expiry):
    return (forward - strike) / (sigma * jnp.sqrt(expiry))


def greeks_cotangent(d, sigma, expiry, g):
    """Cotangents of (forward, sigma) for the price cotangents ``g``: one forward, a vol per option."""
    delta = norm.cdf(d)
    vega = jnp.sqrt(expiry) * norm.pdf(d)
    return jnp.sum(g * delta), g * vega
