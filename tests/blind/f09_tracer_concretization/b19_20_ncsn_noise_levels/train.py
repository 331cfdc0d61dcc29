"""Fit the score model to a two-moons sample."""

import jax
import jax.numpy as jnp

from schedule import NoiseSchedule
from score_model import init_score_net, train_step


def two_moons(key, n=256):
    k1, k2 = jax.random.split(key)
    t = jax.random.uniform(k1, (n,), maxval=jnp.pi)
    upper = jax.random.bernoulli(k2, 0.5, (n,))
    x = jnp.where(upper, jnp.cos(t), 1.0 - jnp.cos(t))
    y = jnp.where(upper, jnp.sin(t), 0.5 - jnp.sin(t))
    return jnp.stack([x, y], axis=1)


def main(steps=20):
    key = jax.random.PRNGKey(0)
    params = init_score_net(key)
    data = two_moons(jax.random.fold_in(key, 1))
    schedule = NoiseSchedule()
    for i in range(steps):
        params, loss = train_step(params, data, jax.random.fold_in(key, 100 + i), schedule)
    print("dsm loss:", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
