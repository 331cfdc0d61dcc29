"""Advantage actor-critic objective over a batch of transitions."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Transitions(NamedTuple):
    obs: jax.Array
    action: jax.Array
    ret: jax.Array


class A2CObjective:
    def __init__(self, value_coef=0.5, entropy_coef=0.01):
        self.value_coef = value_coef
        self.entropy_coef = entropy_coef

    @staticmethod
    def heads(params, obs):
        h = jnp.tanh(obs @ params["torso"])
        return h @ params["policy"], (h @ params["value"])[:, 0]

    def __call__(self, params, batch: Transitions):
        logits, values = self.heads(params, batch.obs)
        logp = jax.nn.log_softmax(logits)
        adv = jax.lax.stop_gradient(batch.ret - values)
        chosen = jnp.take_along_axis(logp, batch.action[:, None], axis=1)[:, 0]
        policy_loss = -jnp.mean(chosen * adv)
        value_loss = jnp.mean((batch.ret - values) ** 2)
        entropy = -jnp.mean(jnp.sum(jnp.exp(logp) * logp, axis=-1))
        total = policy_loss + self.value_coef * value_loss - self.entropy_coef * entropy
        return total, {"policy": policy_loss, "value": value_loss, "entropy": entropy}
