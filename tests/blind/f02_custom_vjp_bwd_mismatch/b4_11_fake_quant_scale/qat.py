"""Quantization-aware training of one linear layer with learned scales."""

import jax
import jax.numpy as jnp

from quant import fake_quant


def init(key, n_in, n_out):
    w = jax.random.normal(key, (n_in, n_out)) * 0.5
    return {"w": w, "scale": jnp.max(jnp.abs(w), axis=0)}


def loss(params, x, y):
    wq = fake_quant(params["w"], params["scale"])
    return jnp.mean((x @ wq - y) ** 2)


@jax.jit
def step(params, x, y, lr=0.05):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main(steps=10):
    params = init(jax.random.PRNGKey(0), 6, 4)
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 6))
    y = x @ jax.random.normal(jax.random.PRNGKey(2), (6, 4))
    for _ in range(steps):
        params = step(params, x, y)
    print("loss", float(loss(params, x, y)))
    return params


if __name__ == "__main__":
    main()
