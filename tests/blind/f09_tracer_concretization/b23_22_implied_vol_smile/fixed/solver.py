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


def implied_vol(price, spot, strike, rate, tau, sigma0=0.3, n_iter=20):
    def body(sigma, _):
        sigma, _ = newton_update(sigma, price, spot, strike, rate, tau)
        return sigma, None

    sigma, _ = jax.lax.scan(body, jnp.full_like(strike, sigma0), None, length=n_iter)
    return sigma
