"""DQN-style target computation with a frozen target network."""

import jax
import jax.numpy as jnp


def q_values(params, obs):
    return jnp.tanh(obs @ params["w1"]) @ params["w2"]


def td_target(target_state, rewards, next_obs, gamma=0.99):
    frozen = jax.lax.stop_gradient(target_state)
    q_next = q_values(frozen["params"], next_obs)
    return rewards + gamma * jnp.max(q_next, axis=-1)
