"""Train a spectral gain mask to remove hum and hiss from short tones."""

from functools import partial

import jax
import jax.numpy as jnp

from denoise import LOSSES, GainMLP
from denoise.stft import magnitude

CONFIG = {"loss": "spectral_mse", "lr": 0.05, "batch": 8, "samples": 1024, "frame": 64}


def make_batch(key, cfg):
    kf, kn = jax.random.split(key)
    t = jnp.arange(cfg["samples"]) / 8000.0
    f0 = jax.random.uniform(kf, (cfg["batch"], 1), minval=300.0, maxval=900.0)
    clean = jnp.sin(2 * jnp.pi * f0 * t)
    noise = 0.3 * jax.random.normal(kn, clean.shape) + 0.2 * jnp.sin(2 * jnp.pi * 50.0 * t)
    return clean + noise, clean


def objective(params, model, loss_fn, noisy, clean):
    mag_noisy, mag_clean = magnitude(noisy), magnitude(clean)
    return loss_fn(model(params, mag_noisy) * mag_noisy, mag_clean)


@partial(jax.jit, static_argnums=(1, 2))
def train_step(params, model, loss_fn, noisy, clean, lr):
    value, grads = jax.value_and_grad(objective)(params, model, loss_fn, noisy, clean)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def train(cfg=CONFIG, steps=30):
    model = GainMLP(cfg["frame"] // 2 + 1)
    params = model.init(jax.random.key(0))
    loss_fn = LOSSES[cfg["loss"]]
    key = jax.random.key(1)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        params, value = train_step(params, model, loss_fn, *make_batch(sub, cfg), cfg["lr"])
    return params, value


def main():
    _, value = train()
    print("final loss", float(value))


if __name__ == "__main__":
    main()
