"""Poisson count likelihood with a shared detection probability."""
import jax.numpy as jnp
from jax.scipy.stats import poisson


def make_nll(counts, p_detect=0.6):
    def nll(abundance):
        rate = jnp.maximum(abundance, 1e-3) * p_detect
        return -jnp.sum(poisson.logpmf(counts, rate[None, :]))

    return nll
