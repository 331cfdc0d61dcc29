import functools

import jax
import jax.numpy as jnp

from modules import MLPWithDropout

model = MLPWithDropout(0.2)


def loss_fn(params, x, y, key, train):
    return jnp.mean((model(params, x, key, train) - y) ** 2)


@functools.partial(jax.jit, static_argnames="train")
def train_step(params, x, y, key, train):
    grads = jax.grad(loss_fn)(params, x, y, key, train)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"w1": 0.3 * jax.random.normal(k1, (3, 16)), "w2": 0.3 * jax.random.normal(k2, (16, 1))}
    x = jax.random.normal(k3, (32, 3))
    y = x[:, :1] ** 2
    for i in range(5):
        params = train_step(params, x, y, jax.random.key(i), True)
    print(float(loss_fn(params, x, y, k1, False)))
    return params


if __name__ == "__main__":
    main()
