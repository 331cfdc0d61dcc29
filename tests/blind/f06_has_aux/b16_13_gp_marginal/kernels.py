"""Covariance functions with log-scale hyperparameters."""
import jax.numpy as jnp


def matern32(x1, x2, log_ell, log_sf):
    r = jnp.abs(x1[:, None] - x2[None, :]) / jnp.exp(log_ell)
    s = jnp.sqrt(3.0) * r
    return jnp.exp(2.0 * log_sf) * (1.0 + s) * jnp.exp(-s)
