"""Cotangent seeds for attribution methods."""
import jax.numpy as jnp


def unit_seed(scores):
    """One unit of attribution per example."""
    return jnp.ones((scores.shape[0], 1), dtype=scores.dtype)
