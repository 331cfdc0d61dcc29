"""A 4x4 gridworld with a cliff, written as a pure step function."""
import jax
import jax.numpy as jnp

MOVES = jnp.array([[-1, 0], [1, 0], [0, -1], [0, 1]])


class GridWorld:
    def __init__(self, size=4, cliff_penalty=-10.0, goal_reward=5.0):
        self.size = size
        self.rewards = [[-0.1] * size for _ in range(size)]
        for c in range(1, size - 1):
            self.rewards[size - 1][c] = cliff_penalty
        self.rewards[size - 1][size - 1] = goal_reward
        self.rewards = jnp.array(self.rewards)

    def step(self, pos, action):
        new = jnp.clip(pos + MOVES[action], 0, self.size - 1)
        reward = self.rewards[new[0]][new[1]]
        return new, reward
