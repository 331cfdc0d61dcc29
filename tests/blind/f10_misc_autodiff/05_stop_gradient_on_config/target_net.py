"""DQN-style target computation with a frozen target network."""

import jax
import jax.numpy as jnp


def q_values(params, obs):
    return jnp.tanh(obs @ params["w1"]) @ params["w2"]


class TargetNetwork:
    """A periodically synchronised copy of the online parameters."""

    def __init__(self, params, sync_every=100):
        self.params = params
        self.sync_every = sync_every


def td_target(target, rewards, next_obs, gamma=0.99):
    frozen = jax.lax.stop_gradient(target)
    q_next = q_values(frozen.params, next_obs)
    return rewards + gamma * jnp.max(q_next, axis=-1)
