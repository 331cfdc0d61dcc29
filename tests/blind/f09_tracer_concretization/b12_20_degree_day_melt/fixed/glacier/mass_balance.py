"""Daily accumulation and melt at one elevation band, integrated with lax.scan."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class DDFParams(NamedTuple):
    ddf_snow: jax.Array      # mm w.e. / degC / day
    ddf_ice: jax.Array
    t_snow: jax.Array        # degC, rain/snow threshold


def daily_balance(params, carry, forcing):
    snow = carry
    temp, precip = forcing
    accumulation = jnp.where(temp < params.t_snow, precip, 0.0)
    snow = snow + accumulation
    potential = jnp.maximum(temp, 0.0) * params.ddf_snow
    snow_melt = jnp.minimum(potential, snow)
    ice_melt = (potential - snow_melt) * params.ddf_ice / params.ddf_snow
    snow = snow - snow_melt
    melt = snow_melt + ice_melt
    return snow, accumulation - melt


def annual_balance(params, temps, precip):
    _, daily = jax.lax.scan(lambda c, f: daily_balance(params, c, f), jnp.array(0.0), (temps, precip))
    return jnp.sum(daily) / 1000.0
