"""Multi-layer soil-moisture bucket model driven by daily rainfall."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class SoilParams(NamedTuple):
    capacity: jax.Array      # (layers,) field capacity in mm
    drainage: jax.Array      # (layers,) fraction drained to the next layer per day
    et_fraction: jax.Array   # (layers,) fraction lost to evapotranspiration per day


def simulate(params, rain, theta0):
    """Daily storage of every layer, shape (days, layers)."""
    def day(theta, r):
        inflow = jnp.concatenate([r[None], jnp.zeros(theta.shape[0] - 1)])
        theta = theta + inflow
        overflow = jax.nn.softplus(theta - params.capacity)
        theta = theta - overflow
        drain = params.drainage * theta
        theta = theta - drain + jnp.concatenate([jnp.zeros(1), drain[:-1] + overflow[:-1]])
        theta = theta * (1.0 - params.et_fraction)
        return theta, theta

    _, storage = lax.scan(day, theta0, rain)
    return storage
