"""Weighted least-squares objective for the plasma/tissue data."""
import jax.numpy as jnp

from pkmodel import observed, simulate


def make_objective(times, data, dose, weights):
    """weights[j]: inverse variance of measurement channel j (plasma, tissue)."""
    weights = jnp.asarray(weights)

    def objective(theta):
        pred = observed(simulate(theta, dose, times))
        residual = jnp.log1p(pred) - jnp.log1p(data)
        return 0.5 * jnp.dot(residual ** 2, weights)

    return objective
