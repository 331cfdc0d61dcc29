"""Newton's method for the implied volatility of a European call."""

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def bs_call(sigma, spot, strike, rate, tau):
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * sigma**2) * tau) / (sigma * jnp.sqrt(tau))
    d2 = d1 - sigma * jnp.sqrt(tau)
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * tau) * norm.cdf(d2)


@jax.jit
def implied_vol(price, spot, strike, rate, tau, tol=1e-6):
    sigma = jnp.array(0.3)
    vega = jax.grad(bs_call)
    err = bs_call(sigma, spot, strike, rate, tau) - price
    while jnp.abs(err) > tol:
        sigma = sigma - err / vega(sigma, spot, strike, rate, tau)
        err = bs_call(sigma, spot, strike, rate, tau) - price
    return sigma
