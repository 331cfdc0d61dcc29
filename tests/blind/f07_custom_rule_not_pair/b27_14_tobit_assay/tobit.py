"""Tobit likelihood for assay readings left-censored at the detection limit."""
import jax.numpy as jnp

from special import stable_log_ndtr


def tobit_nll(params, X, y, limit):
    beta, log_sigma = params["beta"], params["log_sigma"]
    sigma = jnp.exp(log_sigma)
    mu = X @ beta
    z = (y - mu) / sigma
    observed = -0.5 * z ** 2 - log_sigma - 0.5 * jnp.log(2 * jnp.pi)
    censored = stable_log_ndtr((limit - mu) / sigma)
    return -jnp.mean(jnp.where(y <= limit, censored, observed))
