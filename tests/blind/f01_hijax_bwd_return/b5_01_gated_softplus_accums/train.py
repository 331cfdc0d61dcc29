"""Fit the regressor to a smooth target with plain gradient descent."""

import jax
import jax.numpy as jnp

from model import Shape, forward, init


def mse(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


@jax.jit
def step(params, x, y, lr=0.05):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def fit(n_steps: int = 30):
    x = jax.random.normal(jax.random.key(1), (64, 3))
    y = jnp.sin(x[:, :1]) + 0.5 * x[:, 1:2]
    params = init(jax.random.key(0), Shape())
    losses = []
    for _ in range(n_steps):
        params, loss = step(params, x, y)
        losses.append(float(loss))
    return losses


def main():
    losses = fit()
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.4f}")


if __name__ == "__main__":
    main()
