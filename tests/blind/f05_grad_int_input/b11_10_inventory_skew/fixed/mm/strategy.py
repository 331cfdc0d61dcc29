"""Quotes: half-spread plus an inventory skew per instrument."""

import jax
import jax.numpy as jnp

from mm.book import INVENTORY_LIMIT, TICK


def init_params():
    return {
        "half_spread": 2.0 * TICK,
        # quote skew per unit of inventory, one per instrument
        "skew": jnp.zeros_like(INVENTORY_LIMIT, dtype=jnp.float32),
    }


def quotes(params, mid, inventory):
    centre = mid - params["skew"] * inventory / INVENTORY_LIMIT
    return centre - params["half_spread"], centre + params["half_spread"]


def fill_prob(distance, intensity=40.0):
    return jnp.exp(-intensity * jnp.maximum(distance, 0.0))


def smoothed_pnl(params, mids, flow, inventory0):
    """Expected P&L with smooth fill probabilities, minus an inventory penalty."""

    def tick(inv, x):
        mid, next_mid, f = x
        bid, ask = quotes(params, mid, inv)
        buys = f * fill_prob(mid - bid)
        sells = 0.8 * f * fill_prob(ask - mid)  # sell-side flow is thinner
        pnl = buys * (next_mid - bid) + sells * (ask - next_mid)
        inv = inv + buys - sells
        return inv, jnp.sum(pnl) - 1e-4 * jnp.sum(inv**2)

    _, pnl = jax.lax.scan(tick, inventory0, (mids[:-1], mids[1:], flow))
    return jnp.sum(pnl)
