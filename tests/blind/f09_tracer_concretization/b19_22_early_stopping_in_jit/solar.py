"""Day-ahead PV output: ridge-free linear model on clear-sky and cloud features."""

import jax
import jax.numpy as jnp

from callbacks import EarlyStopping, History
from trainer import Trainer


def pv_loss(params, batch):
    feats, power = batch
    return jnp.mean((feats @ params["w"] + params["b"] - power) ** 2)


def weather_batches(key, n=40, size=48):
    for i in range(n):
        k1, k2 = jax.random.split(jax.random.fold_in(key, i))
        hour = jnp.arange(size) % 24
        clear_sky = jnp.clip(jnp.sin(jnp.pi * (hour - 6) / 12), 0.0, None)
        cloud = jax.random.uniform(k1, (size,))
        feats = jnp.stack([clear_sky, cloud, clear_sky * cloud], axis=1)
        power = 4.0 * clear_sky * (1 - 0.7 * cloud) + 0.05 * jax.random.normal(k2, (size,))
        yield feats, power


def main():
    history = History()
    trainer = Trainer(pv_loss, lr=0.2, callbacks=[history, EarlyStopping(patience=3)])
    params = {"w": jnp.zeros(3), "b": jnp.float32(0.0)}
    trainer.fit(params, weather_batches(jax.random.PRNGKey(0)))
    losses = [float(v) for v in history.losses]
    print(f"{len(losses)} steps, final loss {losses[-1]:.4f}")
    return losses


if __name__ == "__main__":
    main()
