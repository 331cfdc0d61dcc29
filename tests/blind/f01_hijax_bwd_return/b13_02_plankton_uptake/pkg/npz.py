"""Nutrient-phytoplankton steady-state growth at a set of sampling stations."""

import jax.numpy as jnp

from pkg.uptake import uptake


def growth_rate(params, nitrate):
    vmax = jnp.exp(params["log_vmax"])
    k = jnp.exp(params["log_k"])
    return uptake(nitrate, vmax, k) - params["mortality"]


def loss(params, nitrate, observed_growth):
    resid = growth_rate(params, nitrate) - observed_growth
    return jnp.mean(resid**2)
