"""Cotangent seeds that pick one output channel."""
import jax.numpy as jnp


def channel_seed(outputs, channel):
    return jnp.zeros_like(outputs).at[..., channel].set(1.0)
