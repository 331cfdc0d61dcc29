"""Loss objects, configured once and called like functions."""

import jax
import jax.numpy as jnp


class SquaredError:
    def __init__(self, weights: jax.Array | None = None):
        self.weights = weights

    def __call__(self, pred: jax.Array, target: jax.Array) -> jax.Array:
        sq = (pred - target) ** 2
        if self.weights is not None:
            sq = sq * self.weights
        return jnp.mean(sq, axis=0)
