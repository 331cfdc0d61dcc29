"""Multi-output robust regression that also learns its Huber thresholds."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from losses import huber


@dataclass(frozen=True)
class FitConfig:
    n_features: int = 5
    n_outputs: int = 3
    n_samples: int = 200
    lr: float = 0.05
    steps: int = 10
    delta_init: float = 1.0


def objective(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean(jnp.sum(huber(pred - y, params["delta"]), axis=-1))


def make_data(cfg, key):
    kx, kw, kn = jax.random.split(key, 3)
    x = jax.random.normal(kx, (cfg.n_samples, cfg.n_features))
    w = jax.random.normal(kw, (cfg.n_features, cfg.n_outputs))
    noise = jax.random.t(kn, 2.0, (cfg.n_samples, cfg.n_outputs))
    return x, x @ w + noise


def main(cfg=FitConfig()):
    x, y = make_data(cfg, jax.random.key(0))
    params = {
        "w": jnp.zeros((cfg.n_features, cfg.n_outputs)),
        "b": jnp.zeros(cfg.n_outputs),
        "delta": jnp.full(cfg.n_outputs, cfg.delta_init),
    }
    grad_fn = jax.jit(jax.grad(objective))
    for _ in range(cfg.steps):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
    print("deltas", params["delta"])
    return params


if __name__ == "__main__":
    main()
