"""Poisson regression for event counts."""
from typing import NamedTuple

import jax.numpy as jnp
from jax.scipy.special import gammaln


class GLMParams(NamedTuple):
    coef: jnp.ndarray
    intercept: jnp.ndarray


def log_rate(params, features):
    return features @ params.coef + params.intercept


def neg_log_likelihood(params, counts, features):
    eta = log_rate(params, features)
    ll = counts * eta - jnp.exp(eta) - gammaln(counts + 1.0)
    return -jnp.mean(ll)
