"""Poisson regression log-likelihood and its score function."""

from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def log_likelihood(beta, counts, design):
    rate = jnp.exp(design @ beta)
    return jnp.sum(counts * jnp.log(rate) - rate - gammaln(counts + 1.0))


@partial(jax.grad, argnums=(0, 1))
def score(beta, counts, design):
    return log_likelihood(beta, counts, design)
