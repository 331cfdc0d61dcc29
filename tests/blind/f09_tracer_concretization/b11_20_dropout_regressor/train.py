"""Fit house prices from four standardised features."""

import jax
import jax.numpy as jnp

from tabular.steps import mse, sgd_step


def init(key, sizes=(4, 32, 32, 1)):
    params = []
    for k, (a, b) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append({"w": jax.random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), "b": jnp.zeros(b)})
    return params


def data(key, n=256):
    kx, ke = jax.random.split(key)
    x = jax.random.normal(kx, (n, 4))
    y = 2.0 * x[:, 0] - x[:, 1] + 0.5 * x[:, 2] * x[:, 3] + 0.1 * jax.random.normal(ke, (n,))
    return x, y


def train(epochs=50, lr=0.05, rate=0.1):
    x, y = data(jax.random.key(0))
    params = init(jax.random.key(1))
    key = jax.random.key(2)
    for _ in range(epochs):
        key, sub = jax.random.split(key)
        params, loss = sgd_step(params, x, y, sub, lr, rate, True)
    return params, mse(params, x, y, key, rate, False)


def main():
    _, test_loss = train()
    print("eval mse", float(test_loss))


if __name__ == "__main__":
    main()
