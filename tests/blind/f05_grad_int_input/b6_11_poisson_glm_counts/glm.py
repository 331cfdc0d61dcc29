"""Poisson regression: counts with a log link, written data-first like the stats literature."""

import jax.numpy as jnp
from jax.scipy.special import gammaln


def log_rate(X, beta, offset=0.0):
    return X @ beta + offset


def poisson_nll(counts, beta, X, exposure):
    eta = log_rate(X, beta, jnp.log(exposure))
    return -jnp.sum(counts * eta - jnp.exp(eta) - gammaln(counts + 1.0))


def design_matrix(age, smoker):
    return jnp.stack([jnp.ones_like(age), (age - 50.0) / 10.0, smoker], axis=1)
