"""Cotangent seeds for attribution methods."""
import jax.numpy as jnp


def unit_seed(scores):
    """One unit of attribution per example."""
    return jnp.ones_like(scores)
