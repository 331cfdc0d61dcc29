import jax.numpy as jnp

from nnkit.ops.base import ElementwiseOp


class SmoothClip(ElementwiseOp):
    """limit * tanh(x / limit): a differentiable clip used by several models."""

    def forward(self, x):
        return self.limit * jnp.tanh(x / self.limit)

    def backward(self, x, g):
        return g * (1.0 - jnp.tanh(x / self.limit) ** 2)


def smooth_clip(x, limit=3.0):
    return SmoothClip.apply(x, limit=limit)
