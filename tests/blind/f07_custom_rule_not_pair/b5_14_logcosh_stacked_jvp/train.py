"""Fit |x0| + x1 with the log-cosh network."""

from functools import partial

import jax
import jax.numpy as jnp

from model import Config, init, predict


def loss(params, cfg, x, y):
    return jnp.mean((predict(cfg, params, x) - y) ** 2)


def train(n_steps: int = 60, lr: float = 0.05):
    cfg = Config()
    x = jax.random.normal(jax.random.key(6), (80, 2))
    y = jnp.abs(x[:, 0]) + x[:, 1]
    params = init(cfg, jax.random.key(3), 2)
    grad_fn = jax.jit(jax.value_and_grad(loss), static_argnums=1)
    history = []
    for _ in range(n_steps):
        value, grads = grad_fn(params, cfg, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        history.append(float(value))
    return history


def main():
    history = train()
    print(f"loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
