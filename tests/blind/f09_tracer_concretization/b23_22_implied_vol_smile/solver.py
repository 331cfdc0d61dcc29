"""Implied volatility by Newton's method, vectorised over strikes."""
import jax
import jax.numpy as jnp

from black_scholes import call_price

TOL = 1e-6
MAX_ITER = 50

vega = jax.grad(call_price, argnums=4)


def newton_update(sigma, price, spot, strike, rate, tau):
    diff = call_price(spot, strike, rate, tau, sigma) - price
    v = jax.vmap(vega, in_axes=(None, 0, None, None, 0))(spot, strike, rate, tau, sigma)
    return jnp.clip(sigma - diff / v, 1e-3, 3.0), diff


def implied_vol(price, spot, strike, rate, tau, sigma0=0.3):
    def cond(state):
        i, sigma, err = state
        return (i < MAX_ITER) & (err > TOL)

    def body(state):
        i, sigma, _ = state
        sigma, diff = newton_update(sigma, price, spot, strike, rate, tau)
        return i + 1, sigma, jnp.max(jnp.abs(diff))

    init = (0, jnp.full_like(strike, sigma0), jnp.inf)
    _, sigma, _ = jax.lax.while_loop(cond, body, init)
    return sigma
