"""Regression with dropout, the whole model passed through jit as a pytree."""

import jax
import jax.numpy as jnp

from layers import MLP, Dropout, Linear


def loss_fn(model, x, y, key):
    return jnp.mean((model(x, key) - y) ** 2)


@jax.jit
def step(model, x, y, key):
    loss, grads = jax.value_and_grad(loss_fn)(model, x, y, key)
    # only the array leaves are updated; static fields pass through the tree untouched
    return jax.tree.map(lambda p, g: p - 0.05 * g, model, grads), loss


def main():
    k1, k2, kx = jax.random.split(jax.random.PRNGKey(0), 3)
    model = MLP(Linear.create(k1, 3, 32), Dropout(0.1), Linear.create(k2, 32, 1))
    x = jax.random.normal(kx, (128, 3))
    y = jnp.sin(x[:, :1]) + x[:, 1:2] ** 2
    for key in jax.random.split(jax.random.PRNGKey(1), 30):
        model, loss = step(model, x, y, key)
    print(f"loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
