"""Cauchy location model: the likelihood is multimodal for small samples."""

import jax.numpy as jnp


def log_likelihood(loc, x, scale=1.0):
    z = (x - loc) / scale
    return -jnp.sum(jnp.log1p(z**2)) - x.shape[0] * jnp.log(jnp.pi * scale)
