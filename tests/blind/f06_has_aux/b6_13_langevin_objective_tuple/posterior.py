"""Bayesian logistic regression: the log-posterior with its parts for diagnostics."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Objective(NamedTuple):
    value: jax.Array
    parts: dict


def log_posterior(theta, X, y, prior_scale=2.0):
    logits = X @ theta
    log_lik = jnp.sum(y * logits - jnp.logaddexp(0.0, logits))
    log_prior = -0.5 * jnp.sum((theta / prior_scale) ** 2)
    return Objective(log_lik + log_prior, {"log_lik": log_lik, "log_prior": log_prior})
