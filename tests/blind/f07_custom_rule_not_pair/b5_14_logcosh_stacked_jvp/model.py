"""A one-hidden-layer network whose activation is chosen by name."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from activations import REGISTRY


@dataclass(frozen=True)
class Config:
    hidden: int = 12
    activation: str = "log_cosh"


def init(cfg: Config, key, n_in: int):
    k1, k2 = jax.random.split(key)
    return (
        jax.random.normal(k1, (n_in, cfg.hidden)) / n_in**0.5,
        jax.random.normal(k2, (cfg.hidden,)) / cfg.hidden**0.5,
    )


def predict(cfg: Config, params, x):
    w1, w2 = params
    act = REGISTRY[cfg.activation]
    return act(x @ w1) @ w2
