"""Hourly EV charging load: harmonic regression on hour-of-day plus temperature."""

import jax
import jax.numpy as jnp

from store import ParamStore
from trainer import LossHistory, Trainer, WeightClipper

N_HARMONICS = 3


def features(hour, temp):
    angles = 2 * jnp.pi * hour[:, None] * jnp.arange(1, N_HARMONICS + 1) / 24.0
    return jnp.concatenate([jnp.sin(angles), jnp.cos(angles), temp[:, None] / 10.0], axis=1)


def loss_fn(params, batch):
    hour, temp, load = batch
    pred = params["base"] + features(hour, temp) @ params["coef"]
    return jnp.mean((pred - load) ** 2)


def make_batches(key, n_batches=8, size=96):
    batches = []
    for i in range(n_batches):
        k1, k2 = jax.random.split(jax.random.fold_in(key, i))
        hour = jnp.arange(size, dtype=jnp.float32) % 24
        temp = 15.0 + 5.0 * jax.random.normal(k1, (size,))
        load = 3.0 + 2.0 * jnp.sin(2 * jnp.pi * (hour - 18) / 24) - 0.05 * temp
        batches.append((hour, temp, load + 0.1 * jax.random.normal(k2, (size,))))
    return batches


def main():
    store = ParamStore({"base": 0.0, "coef": jnp.zeros(2 * N_HARMONICS + 1)})
    history = LossHistory()
    trainer = Trainer(store, loss_fn, lr=0.1, callbacks=[history, WeightClipper("coef", 5.0)])
    trainer.fit(make_batches(jax.random.PRNGKey(3)))
    print("losses:", [round(v, 3) for v in history.values])
    return history.values


if __name__ == "__main__":
    main()
