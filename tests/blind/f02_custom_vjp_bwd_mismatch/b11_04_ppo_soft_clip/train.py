"""Collect a batch from a linear bandit and run a few PPO epochs on it."""

import jax
import jax.numpy as jnp

from agent.config import PPOConfig
from agent.policy import log_probs, surrogate


def collect(key, theta, true_w, cfg):
    kc, ka = jax.random.split(key)
    ctx = jax.random.normal(kc, (cfg.batch, cfg.n_features))
    logp_all = log_probs(theta, ctx)
    actions = jax.random.categorical(ka, logp_all)
    rewards = jnp.take_along_axis(ctx @ true_w, actions[:, None], axis=1)[:, 0]
    adv = (rewards - rewards.mean()) / (rewards.std() + 1e-6)
    old_logp = jnp.take_along_axis(logp_all, actions[:, None], axis=1)[:, 0]
    return ctx, actions, adv, old_logp


def train(cfg=PPOConfig(), iters=3):
    theta = jnp.zeros((cfg.n_features, cfg.n_arms))
    true_w = jax.random.normal(jax.random.key(42), (cfg.n_features, cfg.n_arms))
    key = jax.random.key(0)
    for _ in range(iters):
        key, sub = jax.random.split(key)
        batch = collect(sub, theta, true_w, cfg)
        for _ in range(cfg.epochs):
            g = jax.grad(surrogate)(theta, batch, cfg)
            theta = theta - cfg.lr * g
    return theta


def main():
    theta = train()
    print("policy weights norm", float(jnp.linalg.norm(theta)))


if __name__ == "__main__":
    main()
