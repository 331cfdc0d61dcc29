from dataclasses import dataclass

import jax
import jax.numpy as jnp

from normkit import scale_shift


@dataclass(frozen=True)
class Config:
    features: int = 6
    batch: int = 32
    lr: float = 0.05
    steps: int = 30


def init(cfg):
    k = jax.random.key(0)
    return {"w": jax.random.normal(k, (cfg.features, 1)) * 0.3,
            "scale": jnp.ones(cfg.features), "shift": jnp.zeros(cfg.features)}


def loss_fn(params, x, y):
    h = scale_shift(x, params["scale"], params["shift"])
    return jnp.mean((h @ params["w"] - y) ** 2)


def main(cfg=Config()):
    x = jax.random.normal(jax.random.key(1), (cfg.batch, cfg.features)) + 0.5
    y = x[:, :1] - 0.5 * x[:, 1:2]
    params = init(cfg)
    step = jax.jit(jax.value_and_grad(loss_fn))
    for _ in range(cfg.steps):
        loss, grads = step(params, x, y)
        params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
    print(f"loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
