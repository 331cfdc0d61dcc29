"""Reduction helpers shared by the fused kernels."""

import jax.numpy as jnp


def reduce_to_bias(g):
    """Sum an activation cotangent down to the shape of a bias vector."""
    return jnp.sum(g, axis=tuple(range(g.ndim - 1)))


def reduce_to_scale(g, x_hat):
    return jnp.sum(g * x_hat, axis=tuple(range(g.ndim - 1)))
