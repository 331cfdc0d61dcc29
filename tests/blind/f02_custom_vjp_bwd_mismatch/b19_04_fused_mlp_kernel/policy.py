"""Behaviour cloning of a 2-D reaching controller with the fused MLP as the policy."""

import jax
import jax.numpy as jnp

from fused import fused_mlp

LAYER_SIZES = (4, 24, 24, 2)


class Policy:
    def __init__(self, key, sizes=LAYER_SIZES):
        keys = jax.random.split(key, len(sizes) - 1)
        self.weights = tuple(
            jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in)
            for k, n_in, n_out in zip(keys, sizes[:-1], sizes[1:])
        )

    @staticmethod
    def act(weights, obs):
        return fused_mlp(weights, obs)

    @staticmethod
    def bc_loss(weights, obs, expert_actions):
        return jnp.mean(jnp.sum((Policy.act(weights, obs) - expert_actions) ** 2, axis=-1))


def expert_demos(key, n=128):
    obs = jax.random.uniform(key, (n, 4), minval=-1.0, maxval=1.0)
    actions = jnp.tanh(obs[:, 2:] - obs[:, :2])
    return obs, actions


def main():
    key = jax.random.PRNGKey(7)
    policy = Policy(key)
    obs, actions = expert_demos(jax.random.fold_in(key, 1))
    grad_fn = jax.jit(jax.value_and_grad(Policy.bc_loss))
    weights = policy.weights
    for _ in range(20):
        loss, grads = grad_fn(weights, obs, actions)
        weights = jax.tree.map(lambda w, g: w - 0.2 * g, weights, grads)
    print("bc loss:", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
