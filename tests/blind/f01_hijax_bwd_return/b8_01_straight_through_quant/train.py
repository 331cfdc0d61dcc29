"""Quantisation-aware training of a two-layer MLP on a toy regression task."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from quant import fake_quant


def init(key, d_in=6, d_hidden=16):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
        "w2": jax.random.normal(k2, (d_hidden, 1)) / jnp.sqrt(d_hidden),
    }


def loss_fn(params, x, y):
    h = jnp.tanh(x @ fake_quant(params["w1"], bits=4, bound=0.5))
    pred = h @ fake_quant(params["w2"], bits=4, bound=0.5)
    return jnp.mean((pred[:, 0] - y) ** 2)


def train(steps=3, lr=0.05):
    key = jax.random.PRNGKey(0)
    params = init(key)
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 6))
    y = jnp.sin(x[:, 0]) + 0.5 * x[:, 1]
    for _ in range(steps):
        grads = jax.grad(loss_fn)(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return loss_fn(params, x, y)


def main():
    print("final loss", float(train()))


if __name__ == "__main__":
    main()
