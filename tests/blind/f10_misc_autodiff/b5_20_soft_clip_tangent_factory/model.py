"""A two-layer network with a guard between the layers."""

import jax
import jax.numpy as jnp

from guards import make_soft_clip


class GuardedNet:
    def __init__(self, clip_limit: float = 1.0):
        self.guard = make_soft_clip(clip_limit)

    def init(self, key, n_in: int, n_hidden: int):
        k1, k2 = jax.random.split(key)
        return {
            "w1": jax.random.normal(k1, (n_in, n_hidden)) / n_in**0.5,
            "w2": jax.random.normal(k2, (n_hidden,)) / n_hidden**0.5,
        }

    def __call__(self, params, x):
        h = self.guard(jnp.tanh(x @ params["w1"]))
        return h @ params["w2"]
