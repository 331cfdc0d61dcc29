"""Probe directions for Hutchinson-style sensitivity estimates."""
import jax
import jax.numpy as jnp


def rademacher(key, params):
    return jax.random.rademacher(key, params.shape, dtype=params.dtype)
