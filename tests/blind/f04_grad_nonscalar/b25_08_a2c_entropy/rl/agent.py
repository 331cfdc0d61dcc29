"""Shared-trunk actor-critic and its advantage actor-critic loss."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from rl.config import A2CConfig
from rl.distributions import log_prob, mean_entropy


class ActorCritic:
    def __init__(self, obs_dim: int, n_actions: int, cfg: A2CConfig):
        self.obs_dim, self.n_actions, self.cfg = obs_dim, n_actions, cfg

    def init(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        h = self.cfg.hidden
        return {
            "trunk": jax.random.normal(k1, (self.obs_dim, h)) / jnp.sqrt(self.obs_dim),
            "pi": 0.01 * jax.random.normal(k2, (h, self.n_actions)),
            "v": 0.01 * jax.random.normal(k3, (h,)),
        }

    @staticmethod
    def apply(params, obs):
        h = jnp.tanh(obs @ params["trunk"])
        return h @ params["pi"], h @ params["v"]


def a2c_loss(params, batch, cfg: A2CConfig):
    logits, values = ActorCritic.apply(params, batch["obs"])
    advantages = jax.lax.stop_gradient(batch["returns"] - values)
    pg_loss = -jnp.mean(log_prob(logits, batch["actions"]) * advantages)
    v_loss = 0.5 * jnp.mean((batch["returns"] - values) ** 2)
    return pg_loss + cfg.vf_coef * v_loss - cfg.ent_coef * mean_entropy(logits)
