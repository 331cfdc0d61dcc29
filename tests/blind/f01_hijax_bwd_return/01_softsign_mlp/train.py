"""Fit the MLP to a toy regression target."""

import jax
import jax.numpy as jnp

from model import forward, init_params


def mse(params, x, y):
    pred = forward(params, x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, x, y, lr=0.1):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def make_data(key, n=32):
    x = jax.random.normal(key, (n, 4))
    y = jnp.sin(x.sum(axis=1, keepdims=True))
    return x, y


def main(steps=5):
    key = jax.random.key(0)
    params = init_params(key)
    x, y = make_data(jax.random.key(1))
    losses = []
    for _ in range(steps):
        params, loss = train_step(params, x, y)
        losses.append(float(loss))
    print("losses:", losses)
    return losses


if __name__ == "__main__":
    main()
