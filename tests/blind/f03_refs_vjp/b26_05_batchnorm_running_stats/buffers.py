"""Mutable buffers (running statistics) kept in JAX Refs, PyTorch-style."""
import jax
import jax.numpy as jnp


def register_buffer(value):
    return jax.new_ref(jnp.asarray(value, dtype=jnp.float32))


def ema_update_(buffer, value, momentum):
    """In-place exponential moving average: buffer <- (1 - momentum) * buffer + momentum * value."""
    buffer[...] = (1.0 - momentum) * buffer[...] + momentum * value
