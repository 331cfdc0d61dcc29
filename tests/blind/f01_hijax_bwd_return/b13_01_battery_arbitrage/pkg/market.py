"""Day-ahead arbitrage: charge when cheap, discharge when expensive."""

import jax.numpy as jnp

from pkg.prims import soc_clamp

CAPACITY_KWH = 13.5
EFFICIENCY = 0.92


def state_of_charge(power_kw, soc0=0.5):
    energy = jnp.cumsum(power_kw * jnp.where(power_kw > 0, EFFICIENCY, 1.0 / EFFICIENCY))
    return soc_clamp(soc0 + energy / CAPACITY_KWH)


def profit(power_kw, prices):
    soc = state_of_charge(power_kw)
    delivered = -jnp.diff(jnp.concatenate([jnp.array([0.5]), soc])) * CAPACITY_KWH
    return jnp.sum(delivered * prices) - 0.02 * jnp.sum(power_kw**2)
