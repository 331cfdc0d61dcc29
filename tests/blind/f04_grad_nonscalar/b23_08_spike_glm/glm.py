"""Poisson GLM of spike counts for a small population of neurons."""
import jax.numpy as jnp

DT = 0.01  # bin width in seconds


def firing_rate(weights, baseline, stimulus):
    """Rates in Hz, shape (time, neurons)."""
    return jnp.exp(stimulus @ weights + baseline)


def poisson_nll(weights, baseline, stimulus, counts):
    mu = firing_rate(weights, baseline, stimulus) * DT
    nll = mu - counts * jnp.log(mu + 1e-12)
    return nll.sum(axis=0)
