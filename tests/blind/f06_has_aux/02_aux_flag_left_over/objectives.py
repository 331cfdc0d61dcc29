"""Objectives for a Gaussian fit (log-likelihood)."""

import jax.numpy as jnp


def neg_log_likelihood(theta, samples):
    mu, log_sigma = theta[0], theta[1]
    z = (samples - mu) / jnp.exp(log_sigma)
    nll = jnp.mean(0.5 * z**2 + log_sigma)
    return nll
