"""A two-layer regressor with a learnable swish slope, trained under jit."""

import functools

import jax
import jax.numpy as jnp

from activations import swish


def init(key, sizes=(3, 32, 1)):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, sizes[:2]) / jnp.sqrt(sizes[0]),
        "w2": jax.random.normal(k2, sizes[1:]) / jnp.sqrt(sizes[1]),
        "beta": jnp.array(1.0),
    }


def apply(params, x):
    h = swish(x @ params["w1"], params["beta"])
    return (h @ params["w2"])[:, 0]


@functools.partial(jax.jit, donate_argnums=0)
def update(params, x, y, lr=0.05):
    def loss(p):
        return jnp.mean((apply(p, x) - y) ** 2)

    value, grads = jax.value_and_grad(loss)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def main(steps=30):
    x = jax.random.normal(jax.random.key(0), (200, 3))
    y = jnp.sin(x[:, 0]) * x[:, 1]
    params = init(jax.random.key(1))
    for _ in range(steps):
        params, value = update(params, x, y)
    print("loss", float(value), "beta", float(params["beta"]))
    return float(value)


if __name__ == "__main__":
    main()
