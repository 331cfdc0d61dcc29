"""Embedding network for fixed-length pen trajectories (signature verification)."""

from __future__ import annotations

import jax
import jax.numpy as jnp


class Encoder:
    def __init__(self, n_in: int, n_embed: int = 8):
        self.n_in, self.n_embed = n_in, n_embed

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {"w1": jax.random.normal(k1, (self.n_in, 32)) / jnp.sqrt(self.n_in),
                "w2": jax.random.normal(k2, (32, self.n_embed)) / jnp.sqrt(32.0)}

    def __call__(self, params, x):
        h = jax.nn.relu(x @ params["w1"])
        e = h @ params["w2"]
        return e / (jnp.linalg.norm(e) + 1e-6)
