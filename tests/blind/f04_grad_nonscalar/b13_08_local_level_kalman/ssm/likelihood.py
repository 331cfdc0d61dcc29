"""Negative log-likelihood of the local-level model in log-variance parameters."""

import jax.numpy as jnp

from ssm.filter import run_filter


def variances(theta):
    return jnp.exp(theta[0]), jnp.exp(theta[1])


def neg_loglik(theta, y):
    q, r = variances(theta)
    _, lls = run_filter(y, q, r)
    return -lls
