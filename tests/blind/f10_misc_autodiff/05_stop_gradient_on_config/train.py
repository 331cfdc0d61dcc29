import functools

import jax
import jax.numpy as jnp

from target_net import TargetNetwork, q_values, td_target


def td_loss(params, obs, actions, rewards, next_obs, target):
    q = jnp.take_along_axis(q_values(params, obs), actions[:, None], axis=1)[:, 0]
    return jnp.mean((q - td_target(target, rewards, next_obs)) ** 2)


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"w1": 0.3 * jax.random.normal(k1, (4, 8)), "w2": 0.3 * jax.random.normal(k2, (8, 2))}
    target = TargetNetwork(params)
    obs = jax.random.normal(k3, (16, 4))
    actions = (obs[:, 0] > 0).astype(jnp.int32)
    rewards = jnp.ones(16)
    loss_fn = functools.partial(td_loss, target=target)
    grads = jax.grad(loss_fn)(params, obs, actions, rewards, obs)
    print(jax.tree.map(jnp.shape, grads))
    return grads


if __name__ == "__main__":
    main()
