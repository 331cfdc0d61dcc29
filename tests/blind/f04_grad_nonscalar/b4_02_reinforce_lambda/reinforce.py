"""Vanilla policy gradient on a toy contextual bandit."""

import jax
import jax.numpy as jnp

from policy import SoftmaxPolicy


def rollout(key, policy, params, batch=32):
    k_obs, k_act = jax.random.split(key)
    obs = jax.random.normal(k_obs, (batch, policy.n_obs))
    logits = obs @ params["w"] + params["b"]
    actions = jax.random.categorical(k_act, logits)
    rewards = jnp.where(actions == jnp.argmax(obs[:, : policy.n_actions], axis=-1), 1.0, 0.0)
    return obs, actions, rewards


def update(policy, params, obs, actions, rewards, lr=0.1):
    adv = rewards - rewards.mean()
    grads = jax.grad(lambda p: -(policy.log_prob(p, obs, actions) * adv))(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def train(steps=20, seed=0):
    policy = SoftmaxPolicy(n_obs=4, n_actions=3)
    key = jax.random.PRNGKey(seed)
    key, sub = jax.random.split(key)
    params = policy.init(sub)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        obs, actions, rewards = rollout(sub, policy, params)
        params = update(policy, params, obs, actions, rewards)
    return params


def main():
    params = train()
    print("bias", params["b"])


if __name__ == "__main__":
    main()
