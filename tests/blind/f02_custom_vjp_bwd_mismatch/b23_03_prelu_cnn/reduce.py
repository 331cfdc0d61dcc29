"""Reductions shared by the hand-written backward passes (NHWC layout)."""
import jax.numpy as jnp


def reduce_to_channels(t):
    """Sum a per-pixel NHWC tensor down to one value per channel."""
    return jnp.sum(t, axis=(0, 1))


def reduce_to_batch(t):
    return jnp.sum(t, axis=tuple(range(1, t.ndim)))
