"""Proportional prioritised experience replay (Schaul et al.)."""

import jax
import jax.numpy as jnp


class PrioritizedReplay:
    def __init__(self, obs, actions, rewards, next_obs, alpha=0.6, beta=0.4):
        self.data = {"obs": obs, "action": actions, "reward": rewards, "next_obs": next_obs}
        self.capacity = obs.shape[0]
        self.priorities = jnp.ones(self.capacity)
        self.alpha, self.beta = alpha, beta

    def probabilities(self):
        scaled = self.priorities**self.alpha
        return scaled / jnp.sum(scaled)

    def sample(self, key, batch_size):
        idx = jax.random.choice(key, self.capacity, (batch_size,), p=self.probabilities())
        return idx, jax.tree.map(lambda a: a[idx], self.data)

    def importance_weights(self, idx):
        w = (self.capacity * self.probabilities()) ** (-self.beta)
        return w[idx] / jnp.max(w)

    def update_priorities(self, idx, td_errors, eps=1e-3):
        self.priorities = self.priorities.at[idx].set(jnp.abs(td_errors) + eps)
