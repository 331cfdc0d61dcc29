"""Linear Q-learning on a toy chain MDP with importance-weighted updates."""

import jax
import jax.numpy as jnp

N_STATES, N_ACTIONS, GAMMA = 8, 2, 0.9


def q_values(params, obs):
    return obs @ params["w"] + params["b"]


def td_errors(params, target_params, batch):
    q = jnp.take_along_axis(q_values(params, batch["obs"]), batch["action"][:, None], axis=1)[:, 0]
    next_q = jnp.max(q_values(target_params, batch["next_obs"]), axis=1)
    return batch["reward"] + GAMMA * jax.lax.stop_gradient(next_q) - q


class WeightedDQN:
    def __init__(self, lr=0.5):
        self.lr = lr

    def update(self, params, target_params, batch, weights):
        per_sample = lambda p: 0.5 * td_errors(p, target_params, batch) ** 2
        losses, pullback = jax.vjp(per_sample, params)
        (grads,) = pullback(weights / losses.shape[0])
        new_params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return new_params, td_errors(params, target_params, batch)
