"""A two-tower scorer: user and item embeddings passed through a shared projection."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class TwoTower:
    n_users: int
    n_items: int
    dim: int = 8

    def init(self, key):
        ku, ki, kp = jax.random.split(key, 3)
        return {
            "user": 0.1 * jax.random.normal(ku, (self.n_users, self.dim)),
            "item": 0.1 * jax.random.normal(ki, (self.n_items, self.dim)),
            "proj": jnp.eye(self.dim),
        }

    def score(self, params, users, items):
        u = params["user"][users] @ params["proj"]
        v = params["item"][items]
        return jnp.sum(u * v, axis=-1)
