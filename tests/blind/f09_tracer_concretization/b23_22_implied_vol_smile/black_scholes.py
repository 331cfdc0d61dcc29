import jax.numpy as jnp
from jax.scipy.stats import norm


def call_price(spot, strike, rate, tau, sigma):
    sqrt_t = jnp.sqrt(tau)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * sigma ** 2) * tau) / (sigma * sqrt_t)
    d2 = d1 - sigma * sqrt_t
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * tau) * norm.cdf(d2)
