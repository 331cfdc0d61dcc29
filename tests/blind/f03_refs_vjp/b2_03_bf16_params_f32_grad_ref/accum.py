"""Gradient accumulation buffers for micro-batched training."""

import jax
import jax.numpy as jnp


class GradBuffer:
    """One gradient Ref per parameter, summed over micro-batches."""

    def __init__(self, shape):
        self.ref = jax.new_ref(jnp.zeros(shape, jnp.float32))

    def reset(self):
        self.ref[...] = jnp.zeros_like(self.ref[...])

    def mean(self, n):
        return self.ref[...] / n
