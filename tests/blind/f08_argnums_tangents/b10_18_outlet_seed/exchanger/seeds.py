"""Cotangent seeds that pick one output channel."""
import jax.numpy as jnp


def channel_seed(outputs, channel):
    return jnp.zeros(outputs.shape[-1], outputs.dtype).at[channel].set(1.0)
