"""Forecast next-interval vehicle counts at a junction from lagged counts."""

import jax
import jax.numpy as jnp

from losses import huber_loss
from module import MLP

N_LAGS = 6


def loss(model, lags, target):
    pred = jax.vmap(model)(lags)[:, 0]
    return jnp.mean(huber_loss(pred, target, delta=5.0))


@jax.jit
def train_step(model, lags, target, lr=1e-3):
    value, grads = jax.value_and_grad(loss)(model, lags, target)
    model = jax.tree.map(lambda p, g: p - lr * g, model, grads)
    return model, value


def make_dataset(key, n_steps=400):
    t = jnp.arange(n_steps, dtype=jnp.float32)
    counts = 40 + 25 * jnp.sin(2 * jnp.pi * t / 96) + 3 * jax.random.normal(key, (n_steps,))
    lags = jnp.stack([counts[i : n_steps - N_LAGS + i] for i in range(N_LAGS)], axis=1)
    return lags / 50.0, counts[N_LAGS:]


def main():
    lags, target = make_dataset(jax.random.key(0))
    model = MLP.init(jax.random.key(1), (N_LAGS, 32, 1))
    for _ in range(100):
        model, value = train_step(model, lags, target)
    print("huber", value)
    return value


if __name__ == "__main__":
    main()
