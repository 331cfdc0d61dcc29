"""A gated linear unit regressor, trained by plain gradient descent."""

import jax
import jax.numpy as jnp

from prims import gated


def init(key, d_in, d_hidden):
    k1, k2, k3 = jax.random.split(key, 3)
    scale = 1.0 / jnp.sqrt(d_in)
    return {
        "value": jax.random.normal(k1, (d_in, d_hidden)) * scale,
        "gate": jax.random.normal(k2, (d_in, d_hidden)) * scale,
        "out": jax.random.normal(k3, (d_hidden,)) / jnp.sqrt(d_hidden),
    }


def predict(params, x):
    h = gated(x @ params["value"], x @ params["gate"])
    return h @ params["out"]


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


def main(steps=15, lr=0.1):
    kx, kp = jax.random.split(jax.random.key(3))
    x = jax.random.normal(kx, (128, 4))
    y = jnp.tanh(x[:, 0] - 0.5 * x[:, 2])
    params = init(kp, 4, 8)
    grad_fn = jax.value_and_grad(loss)
    for _ in range(steps):
        value, grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print("loss", float(value))
    return float(value)


if __name__ == "__main__":
    main()
