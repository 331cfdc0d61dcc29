"""Black-Scholes call prices and implied volatility by Newton's method."""
import jax.numpy as jnp
from jax import lax
from jax.scipy.stats import norm


def call_price(spot, strike, rate, tau, vol):
    sd = vol * jnp.sqrt(tau)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol**2) * tau) / sd
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * tau) * norm.cdf(d1 - sd)


def vega(spot, strike, rate, tau, vol):
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol**2) * tau) / (vol * jnp.sqrt(tau))
    return spot * norm.pdf(d1) * jnp.sqrt(tau)


def implied_vol(price, spot, strike, rate, tau, vol0=0.3, n_iter=20):
    def newton(_, vol):
        step = (call_price(spot, strike, rate, tau, vol) - price) / vega(spot, strike, rate, tau, vol)
        return jnp.clip(vol - step, 1e-3, 5.0)

    # a fixed number of Newton steps: reverse mode can go through a fori_loop with static bounds
    return lax.fori_loop(0, n_iter, newton, jnp.full_like(price, vol0))
