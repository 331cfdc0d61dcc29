"""A two-layer embedding network with L2-normalised output."""

import jax
import jax.numpy as jnp


class Embedder:
    def __init__(self, in_dim, hidden, out_dim):
        self.shapes = [(in_dim, hidden), (hidden, out_dim)]

    def init(self, key):
        keys = jax.random.split(key, len(self.shapes))
        return [
            {"w": jax.random.normal(k, s) / jnp.sqrt(s[0]), "b": jnp.zeros(s[1])}
            for k, s in zip(keys, self.shapes)
        ]

    def __call__(self, params, x):
        h = jax.nn.relu(x @ params[0]["w"] + params[0]["b"])
        z = h @ params[1]["w"] + params[1]["b"]
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)
