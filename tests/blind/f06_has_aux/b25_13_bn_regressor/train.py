"""Fit the batch-norm regressor on a synthetic housing-style table."""

import functools

import jax
import jax.numpy as jnp

from tabular import BatchNormMLP, LossOutput

MODEL = BatchNormMLP(n_in=6)


@functools.partial(jax.jit, donate_argnums=(1,))
def train_step(params, state, x, y, lr=0.05):
    (loss, aux), grads = jax.value_and_grad(MODEL.loss, has_aux=True)(params, state, x, y)
    metrics, state = LossOutput.unpack(aux)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, state, loss, metrics


def batches(key, n_batches, size=32):
    w = jnp.linspace(-1.0, 1.0, 6)
    for k in jax.random.split(key, n_batches):
        x = jax.random.normal(k, (size, 6))
        yield x, jnp.tanh(x @ w) + 0.5


def train(n_batches=5):
    params, state = MODEL.init(jax.random.key(0))
    for x, y in batches(jax.random.key(1), n_batches):
        params, state, loss, metrics = train_step(params, state, x, y)
    return loss, metrics


def main():
    loss, metrics = train()
    print(f"mse {float(loss):.4f} mae {float(metrics['mae']):.4f}")


if __name__ == "__main__":
    main()
