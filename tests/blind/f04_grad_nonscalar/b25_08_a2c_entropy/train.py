"""One A2C update on a batch of synthetic rollouts."""

import functools

import jax
import jax.numpy as jnp

from rl import A2CConfig, ActorCritic, a2c_loss

OBS_DIM, N_ACTIONS, BATCH = 4, 3, 64


def discounted(rewards, gamma):
    def back(carry, r):
        carry = r + gamma * carry
        return carry, carry

    _, out = jax.lax.scan(back, 0.0, rewards[::-1])
    return out[::-1]


def rollout(key, cfg):
    k_obs, k_act, k_rew = jax.random.split(key, 3)
    obs = jax.random.normal(k_obs, (BATCH, OBS_DIM))
    actions = jax.random.randint(k_act, (BATCH,), 0, N_ACTIONS)
    rewards = jax.random.uniform(k_rew, (BATCH,))
    return {"obs": obs, "actions": actions, "returns": discounted(rewards, cfg.gamma)}


@functools.partial(jax.jit, static_argnames="cfg")
def update(params, batch, cfg):
    loss, grads = jax.value_and_grad(a2c_loss)(params, batch, cfg)
    return jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads), loss


def train(n_updates=3):
    cfg = A2CConfig()
    agent = ActorCritic(OBS_DIM, N_ACTIONS, cfg)
    params = agent.init(jax.random.key(0))
    for i in range(n_updates):
        params, loss = update(params, rollout(jax.random.key(i + 1), cfg), cfg)
    return loss


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
