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


def implied_vol(price, spot, strike, rate, tau, vol0=0.3, tol=1e-7, max_iter=50):
    def newton(state):
        vol, _, it = state
        step = (call_price(spot, strike, rate, tau, vol) - price) / vega(spot, strike, rate, tau, vol)
        return jnp.clip(vol - step, 1e-3, 5.0), jnp.max(jnp.abs(step)), it + 1

    def not_converged(state):
        _, last_step, it = state
        return (last_step > tol) & (it < max_iter)

    init = (jnp.full_like(price, vol0), jnp.array(jnp.inf), 0)
    vol, _, _ = lax.while_loop(not_converged, newton, init)
    return vol
