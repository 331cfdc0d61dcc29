"""Noise models, registered by name so the fit config can pick one."""
import jax.numpy as jnp

LIKELIHOODS = {}


def likelihood(name):
    def register(fn):
        LIKELIHOODS[name] = fn
        return fn
    return register


@likelihood("gaussian")
def gaussian_nll(resid, sigma, log_jitter):
    return 0.5 * jnp.sum((resid / sigma) ** 2)


@likelihood("jitter")
def jitter_nll(resid, sigma, log_jitter):
    var = sigma ** 2 + jnp.exp(2.0 * log_jitter)
    return 0.5 * jnp.sum(resid ** 2 / var + jnp.log(2.0 * jnp.pi * var))
