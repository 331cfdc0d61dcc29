"""Bounded activations used by the policy network."""

import jax.numpy as jnp

from elementwise import ElementwisePrim, apply_elementwise


class SoftClip(ElementwisePrim):
    """limit * tanh(x / limit): identity near zero, saturating at +-limit."""

    def value(self, x):
        return self.limit * jnp.tanh(x / self.limit)

    def derivative(self, x, y):
        return 1.0 - (y / self.limit) ** 2


def soft_clip(x, limit=3.0):
    return apply_elementwise(SoftClip, x, limit=limit)
