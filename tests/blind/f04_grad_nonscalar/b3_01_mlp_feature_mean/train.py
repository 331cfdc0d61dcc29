"""Fit the MLP to a noisy 2-output regression problem."""
import functools

import jax
import jax.numpy as jnp

from layers import MLP
from losses import mse

LEARNING_RATE = 0.05


@functools.partial(jax.jit, static_argnums=0)
def train_step(model, params, batch):
    loss, grads = jax.value_and_grad(mse, argnums=1)(model, params, batch)
    params = jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)
    return params, loss


def make_batch(key, n=64):
    kx, kn = jax.random.split(key)
    x = jax.random.uniform(kx, (n, 3), minval=-1.0, maxval=1.0)
    y = jnp.stack([jnp.sin(x[:, 0]) + x[:, 1], x[:, 2] ** 2], axis=1)
    return x, y + 0.01 * jax.random.normal(kn, y.shape)


def main():
    model = MLP(hidden=16, out=2)
    key = jax.random.PRNGKey(0)
    params = model.init(key, 3)
    for step in range(20):
        batch = make_batch(jax.random.fold_in(key, step))
        params, loss = train_step(model, params, batch)
    print("final loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
