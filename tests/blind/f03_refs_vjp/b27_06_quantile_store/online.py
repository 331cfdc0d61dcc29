"""Online quantile regression of next-hour electricity demand."""
from functools import partial

import jax
import jax.numpy as jnp

from losses import pinball
from store import ParamStore


def features(hours, temps):
    return jnp.stack([jnp.ones_like(hours), jnp.sin(2 * jnp.pi * hours / 24),
                      jnp.cos(2 * jnp.pi * hours / 24), temps / 30.0], axis=1)


def run(batches, tau=0.9, lr=0.5):
    store = ParamStore(4)
    grad_fn = jax.grad(partial(pinball, tau=tau))
    for X, y in batches:
        g = grad_fn(store.weights, X, y)
        store.apply_update(-lr * g)
    return store


def make_batches(key, n_batches=5, size=48):
    batches = []
    for k in jax.random.split(key, n_batches):
        k1, k2 = jax.random.split(k)
        hours = jnp.arange(size, dtype=jnp.float32) % 24
        temps = 15 + 10 * jax.random.uniform(k1, (size,))
        demand = 3 + jnp.sin(2 * jnp.pi * hours / 24) + 0.05 * temps + 0.3 * jax.random.normal(k2, (size,))
        batches.append((features(hours, temps), demand))
    return batches


def main():
    store = run(make_batches(jax.random.key(0)))
    print("updates", store.updates, "weights", store.weights[...])


if __name__ == "__main__":
    main()
