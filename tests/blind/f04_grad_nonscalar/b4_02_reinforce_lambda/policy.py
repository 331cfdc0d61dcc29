"""A linear softmax policy over discrete actions."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class SoftmaxPolicy:
    n_obs: int
    n_actions: int
    temperature: float = 1.0

    def init(self, key):
        return {"w": 0.01 * jax.random.normal(key, (self.n_obs, self.n_actions)),
                "b": jnp.zeros(self.n_actions)}

    def log_prob(self, params, obs, actions):
        logits = (obs @ params["w"] + params["b"]) / self.temperature
        logp = jax.nn.log_softmax(logits, axis=-1)
        return jnp.take_along_axis(logp, actions[:, None], axis=-1)[:, 0]
