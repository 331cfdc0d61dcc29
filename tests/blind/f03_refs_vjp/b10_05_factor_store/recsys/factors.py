"""User and item factor tables held in Refs."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class FactorStore:
    users: jax.Ref
    items: jax.Ref

    @classmethod
    def create(cls, n_users, n_items, rank, key):
        ku, ki = jax.random.split(key)
        return cls(
            users=jax.new_ref(0.1 * jax.random.normal(ku, (n_users, rank))),
            items=jax.new_ref(0.1 * jax.random.normal(ki, (n_items, rank))),
        )

    def snapshot(self):
        return self.users[...], self.items[...]
