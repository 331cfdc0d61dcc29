"""A pre-norm residual MLP block."""

import jax
import jax.numpy as jnp

from norms import layer_norm


class ResidualBlock:
    def __init__(self, width, expansion=4):
        self.width = width
        self.hidden = width * expansion

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "norm": {"scale": jnp.ones(self.width), "bias": jnp.zeros(self.width)},
            "up": jax.random.normal(k1, (self.width, self.hidden)) / self.width**0.5,
            "down": jax.random.normal(k2, (self.hidden, self.width)) / self.hidden**0.5,
        }

    def __call__(self, params, x):
        h = layer_norm(params["norm"], x)
        return x + jax.nn.gelu(h @ params["up"]) @ params["down"]
