"""Fits the refiner to a smooth target with plain gradient descent."""
from functools import partial

import jax
import jax.numpy as jnp

from config import RefinerConfig
from refiner import init, refine


def loss_fn(params, x, y, cfg):
    return jnp.mean((refine(params, x, cfg) - y) ** 2)


@partial(jax.jit, static_argnames="cfg")
def train_step(params, x, y, cfg):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, cfg)
    return jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads), loss


def run(cfg=RefinerConfig()):
    x = jax.random.normal(jax.random.key(0), (128, cfg.d_in))
    y = jnp.tanh(x[:, 0] * x[:, 1]) + 0.3 * x[:, 2]
    params = init(jax.random.key(1), cfg)
    loss = None
    for _ in range(cfg.train_steps):
        params, loss = train_step(params, x, y, cfg)
    return float(loss)


def main():
    print("final mse", run())


if __name__ == "__main__":
    main()
