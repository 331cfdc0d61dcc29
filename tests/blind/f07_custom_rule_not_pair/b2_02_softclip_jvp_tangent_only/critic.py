"""A value critic whose outputs are soft-clipped to a bounded range."""

import jax
import jax.numpy as jnp

from activations import softclip


def critic(params, obs):
    h = jax.nn.relu(obs @ params[0])
    return softclip(h @ params[1], 3.0)[:, 0]


def td_error(params, obs, returns):
    return jnp.mean((critic(params, obs) - returns) ** 2)


def main(steps=5):
    k1, k2, k3 = jax.random.split(jax.random.key(31), 3)
    obs = jax.random.normal(k1, (16, 4))
    returns = jnp.clip(obs.sum(axis=1), -3.0, 3.0)
    params = [0.5 * jax.random.normal(k2, (4, 8)), 0.5 * jax.random.normal(k3, (8, 1))]
    step = jax.jit(jax.value_and_grad(td_error))
    for _ in range(steps):
        err, grads = step(params, obs, returns)
        params = [p - 0.05 * g for p, g in zip(params, grads)]
    print("td error", float(err))
    return float(err)


if __name__ == "__main__":
    main()
