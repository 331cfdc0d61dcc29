"""Monte Carlo zero-coupon yields under a floored Vasicek short rate."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp

from rates.floor import soft_floor


class VasicekParams(NamedTuple):
    kappa: jax.Array   # mean-reversion speed
    theta: jax.Array   # long-run level
    sigma: jax.Array   # volatility


def simulate_paths(params: VasicekParams, r0, shocks, dt):
    def step(r, z):
        r_next = r + params.kappa * (params.theta - r) * dt + params.sigma * jnp.sqrt(dt) * z
        r_next = soft_floor(r_next)
        return r_next, r_next

    _, path = jax.lax.scan(step, r0, shocks)
    return path  # (n_steps, n_paths)


def zero_coupon_yields(params: VasicekParams, r0, shocks, dt, maturities):
    path = simulate_paths(params, r0, shocks, dt)
    integrated = jnp.cumsum(path, axis=0) * dt
    prices = jnp.mean(jnp.exp(-integrated), axis=1)
    idx = jnp.round(maturities / dt).astype(int) - 1
    return -jnp.log(prices[idx]) / maturities
