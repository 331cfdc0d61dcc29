"""A small trainer object whose step is compiled once per trainer."""

import functools

import jax
import jax.numpy as jnp

import layers


class Trainer:
    def __init__(self, lr=0.1):
        self.lr = lr

    def loss(self, params, stats, x, y):
        out, new_stats = layers.apply(params, stats, x)
        return jnp.mean((out.sum(-1) - y) ** 2), new_stats

    @functools.partial(jax.jit, static_argnums=0)
    def step(self, params, stats, x, y):
        loss, grads = jax.value_and_grad(self.loss)(params, stats, x, y)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, stats, loss


def main(steps=5):
    params, stats = layers.init(jax.random.PRNGKey(0), 4, 2)
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 4))
    y = x[:, 0] - 2.0 * x[:, 3]
    trainer = Trainer()
    for _ in range(steps):
        params, stats, loss = trainer.step(params, stats, x, y)
    print("loss", loss)
    return stats


if __name__ == "__main__":
    main()
