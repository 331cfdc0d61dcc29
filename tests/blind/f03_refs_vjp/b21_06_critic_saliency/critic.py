"""State-value critic for a CartPole-like task; weights live in Refs for in-place TD updates."""
import jax
import jax.numpy as jnp

from autodiff_utils import pullback

OBS_DIM, HIDDEN = 4, 24


def critic_value(w, obs):
    w1 = w[...]
    h = jnp.tanh(obs @ w1[:OBS_DIM])
    return h @ w1[OBS_DIM]


class Critic:
    def __init__(self, key):
        w = jax.random.normal(key, (OBS_DIM + 1, HIDDEN)) * 0.3
        self.w = jax.new_ref(w)
        self.grad = jax.new_ref(jnp.zeros_like(w))

    def td_update(self, obs, next_obs, reward, gamma=0.99, lr=0.05):
        target = reward + gamma * critic_value(self.w, next_obs)
        self.grad[...] = jnp.zeros_like(self.grad[...])
        v, _ = pullback(
            lambda w, o: critic_value(w, o).sum(),
            self.w,
            obs,
            grad_refs=(self.grad, jax.ad.DontWant()),
        )
        td = jnp.mean(target - critic_value(self.w, obs))
        self.w[...] = self.w[...] + lr * td * self.grad[...] / obs.shape[0]
        return td
