"""Kernels for kernel ridge regression."""
import jax.numpy as jnp


def rbf(X1, X2, log_bandwidth):
    d2 = jnp.sum((X1[:, None, :] - X2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(-0.5 * d2 * jnp.exp(-2.0 * log_bandwidth))
