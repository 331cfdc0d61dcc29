"""Probe directions for Hutchinson-style sensitivity estimates."""
import jax
import jax.numpy as jnp


def rademacher(key, params):
    n = params.shape[-1]
    return jax.random.rademacher(key, (n,), dtype=params.dtype)
