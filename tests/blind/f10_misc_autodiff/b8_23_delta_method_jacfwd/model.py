"""Poisson regression for accident counts per road segment."""
import jax.numpy as jnp

from ops import safe_exp


def rates(beta, x, exposure):
    return exposure * safe_exp(x @ beta)


def nll(beta, x, exposure, counts):
    mu = rates(beta, x, exposure)
    return jnp.sum(mu - counts * jnp.log(mu))
