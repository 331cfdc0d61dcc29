"""A DQN agent with a linear Q-function on a toy chain MDP."""
from functools import partial

import jax
import jax.numpy as jnp

from policies import epsilon_greedy


class DQNAgent:
    def __init__(self, n_states, n_actions, gamma=0.9, lr=0.1, policy=epsilon_greedy):
        self.n_states, self.n_actions = n_states, n_actions
        self.gamma, self.lr, self.policy = gamma, lr, policy

    def init(self, key):
        return jax.random.normal(key, (self.n_states, self.n_actions)) * 0.01

    def q(self, params, state):
        return jax.nn.one_hot(state, self.n_states) @ params

    @partial(jax.jit, static_argnums=0)
    def act(self, params, state, key, epsilon):
        return self.policy(self.q(params, state), key, epsilon)

    @partial(jax.jit, static_argnums=0)
    def update(self, params, s, a, r, s_next):
        def td_loss(p):
            target = r + self.gamma * jnp.max(jax.lax.stop_gradient(self.q(p, s_next)))
            return (self.q(p, s)[a] - target) ** 2

        return params - self.lr * jax.grad(td_loss)(params)
