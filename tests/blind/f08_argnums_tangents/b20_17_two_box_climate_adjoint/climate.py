"""Two-box energy-balance climate model (mixed layer + deep ocean) with thermal sea-level rise."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Outlook(NamedTuple):
    warming: jnp.ndarray     # K, surface, per year
    sea_level: jnp.ndarray   # m, thermosteric, per year


def run(params, forcing, dt=1.0):
    """params: feedback lam, heat exchange gamma, heat capacities c, c_deep, expansion eps."""
    def year(state, f):
        t, t_deep, h = state
        dt_s = (f - params["lam"] * t - params["gamma"] * (t - t_deep)) / params["c"]
        dt_d = params["gamma"] * (t - t_deep) / params["c_deep"]
        t, t_deep = t + dt * dt_s, t_deep + dt * dt_d
        h = h + dt * params["eps"] * (params["c"] * dt_s + params["c_deep"] * dt_d)
        return (t, t_deep, h), (t, h)

    zero = jnp.float32(0.0)
    _, (t, h) = jax.lax.scan(year, (zero, zero, zero), forcing)
    return Outlook(warming=t, sea_level=h)
