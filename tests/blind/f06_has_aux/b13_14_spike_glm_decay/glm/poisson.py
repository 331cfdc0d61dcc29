"""Poisson GLM of retinal ganglion cell spike counts given a stimulus history."""

import jax.numpy as jnp
from jax.scipy.special import gammaln


def rates(params, stimulus):
    return jnp.exp(stimulus @ params["filters"] + params["baseline"])


def poisson_nll(params, stimulus, counts):
    lam = rates(params, stimulus)
    nll = jnp.mean(lam - counts * jnp.log(lam) + gammaln(counts + 1.0))
    deviance = 2.0 * jnp.mean(counts * jnp.log((counts + 1e-9) / lam) - (counts - lam))
    return nll, {"deviance": deviance, "mean_rate": jnp.mean(lam)}
