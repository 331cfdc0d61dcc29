"""Linear regression with outliers, trained with the loss the config names."""

import jax
import jax.numpy as jnp

from losses import LOSSES

CONFIG = {
    "loss": "huber",
    "lr": 0.1,
    "steps": 25,
    "n_samples": 128,
    "n_features": 3,
}


def model(params, x):
    return x @ params["w"] + params["b"]


def make_loss(cfg):
    loss_fn = LOSSES[cfg["loss"]]
    return lambda params, x, y: loss_fn(model(params, x), y)


def run(cfg=CONFIG):
    kx, kn = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (cfg["n_samples"], cfg["n_features"]))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    y = y.at[::17].add(8.0 * jax.random.normal(kn, y[::17].shape))
    params = {"w": jnp.zeros(cfg["n_features"]), "b": jnp.array(0.0)}
    objective = make_loss(cfg)
    for _ in range(cfg["steps"]):
        grads = jax.grad(objective)(params, x, y)
        params = jax.tree.map(lambda p, g: p - cfg["lr"] * g, params, grads)
    print("w", params["w"], "b", float(params["b"]))
    return params


def main():
    return run()


if __name__ == "__main__":
    main()
