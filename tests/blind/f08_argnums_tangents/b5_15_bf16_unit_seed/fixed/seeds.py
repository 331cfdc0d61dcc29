"""Helpers that build cotangent seeds for attribution."""

import jax
import jax.numpy as jnp


def unit_seed(out: jax.Array) -> jax.Array:
    """A seed of ones: pulls back the sum of all outputs."""
    return jnp.ones_like(out)


def class_seed(out: jax.Array, cls: int) -> jax.Array:
    return jnp.zeros_like(out).at[..., cls].set(1)
