"""Synthetic star ratings (1-5) in the MovieLens layout: (user, item, stars)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class RatingsConfig:
    n_users: int = 40
    n_items: int = 30
    n_ratings: int = 400
    seed: int = 0


def load_ratings(cfg: RatingsConfig):
    k1, k2, k3 = jax.random.split(jax.random.key(cfg.seed), 3)
    users = jax.random.randint(k1, (cfg.n_ratings,), 0, cfg.n_users)
    items = jax.random.randint(k2, (cfg.n_ratings,), 0, cfg.n_items)
    taste = jnp.sin(users * 0.7) * jnp.cos(items * 1.3)
    stars = jnp.clip(jnp.round(3 + 1.5 * taste + 0.5 * jax.random.normal(k3, taste.shape)), 1, 5)
    return users, items, stars.astype(jnp.int32)
