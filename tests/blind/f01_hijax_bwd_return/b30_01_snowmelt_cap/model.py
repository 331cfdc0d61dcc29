"""Degree-day snowmelt model with a capped daily melt rate."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from prims import smooth_cap


class Forcing(NamedTuple):
    temperature: jax.Array   # daily mean air temperature, deg C
    precipitation: jax.Array  # mm/day


MAX_MELT = 25.0  # mm/day


def simulate(params, forcing, swe0=0.0):
    ddf, t_melt = params["ddf"], params["t_melt"]
    snowfall = jnp.where(forcing.temperature < t_melt, forcing.precipitation, 0.0)
    potential = ddf * jax.nn.softplus(forcing.temperature - t_melt)
    capped = smooth_cap(potential, MAX_MELT)

    def step(swe, inputs):
        snow_in, melt_pot = inputs
        swe = swe + snow_in
        melt = jnp.minimum(melt_pot, swe)
        return swe - melt, melt

    _, melt = jax.lax.scan(step, jnp.asarray(swe0), (snowfall, capped))
    return melt


def loss(params, forcing, observed_runoff):
    return jnp.mean((simulate(params, forcing) - observed_runoff) ** 2)
