"""Misfit of the energy-balance model against an observed temperature record."""
import jax.numpy as jnp

from ebm import simulate


def make_objective(forcing, observed, prior_mean, prior_sd):
    years = jnp.arange(observed.shape[0], dtype=jnp.float32)

    def objective(theta):
        temps = simulate(theta, forcing)
        fit = jnp.mean((temps - observed) ** 2)
        prior = 0.5 * jnp.sum(((theta - prior_mean) / prior_sd) ** 2) / observed.shape[0]
        trend = jnp.polyfit(years, temps, 1)[0] * 10.0
        return fit + prior, {"fit": fit, "prior": prior, "trend_per_decade": trend}

    return objective
