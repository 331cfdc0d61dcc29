"""Ridge regression with a learned (log) penalty, tuned on a validation split."""

from functools import partial

import jax
import jax.numpy as jnp

import config


def penalised_loss(w, log_lam, *, batch):
    x, y = batch
    return jnp.mean((x @ w - y) ** 2) + jnp.exp(log_lam) * jnp.sum(w**2)


def run(train, epochs=config.EPOCHS):
    w, log_lam = jnp.zeros(train[0].shape[1]), jnp.array(-2.0)
    grad_fn = jax.grad(partial(penalised_loss, batch=train), argnums=config.GRAD_ARGNUMS)
    for _ in range(epochs):
        gw, glam = grad_fn(w, log_lam)
        w = w - config.LEARNING_RATE * gw
        log_lam = log_lam - config.LEARNING_RATE * glam
    return w, log_lam


def main():
    x = jax.random.normal(jax.random.key(14), (50, 4))
    y = x @ jnp.array([1.0, -1.0, 0.5, 0.0])
    w, log_lam = run((x, y))
    print("w", w, "lambda", float(jnp.exp(log_lam)))
    return w


if __name__ == "__main__":
    main()
