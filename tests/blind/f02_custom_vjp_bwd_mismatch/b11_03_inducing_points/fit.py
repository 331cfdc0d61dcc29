"""Fit the inducing points of a sparse GP to a noisy 2-D sine surface."""

import jax
import jax.numpy as jnp

from sgp.model import SGPParams, validation_loss


def make_data(key, n):
    kx, ke = jax.random.split(key)
    x = jax.random.uniform(kx, (n, 2), minval=-2.0, maxval=2.0)
    y = jnp.sin(2.0 * x[:, 0]) * jnp.cos(x[:, 1]) + 0.05 * jax.random.normal(ke, (n,))
    return x, y


def fit(steps=20, m=8, lr=0.05):
    x, y = make_data(jax.random.key(0), 120)
    xv, yv = make_data(jax.random.key(1), 40)
    params = SGPParams(jax.random.uniform(jax.random.key(2), (m, 2), minval=-2.0, maxval=2.0),
                       jnp.array(-2.0))
    step_grad = jax.jit(jax.grad(validation_loss))
    for _ in range(steps):
        g = step_grad(params, x, y, xv, yv)
        params = jax.tree.map(lambda p, gp: p - lr * gp, params, g)
    return params, validation_loss(params, x, y, xv, yv)


def main():
    _, loss = fit()
    print("validation mse", float(loss))


if __name__ == "__main__":
    main()
