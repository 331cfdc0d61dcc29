"""An MLP described by a config: widths and activation names."""

from dataclasses import dataclass

import jax

from kernels import ACTIVATIONS, project


@dataclass(frozen=True)
class NetConfig:
    widths: tuple[int, ...] = (5, 12, 3)
    hidden_act: str = "tanh"


def init(cfg: NetConfig, key: jax.Array) -> list[jax.Array]:
    keys = jax.random.split(key, len(cfg.widths) - 1)
    return [
        jax.random.normal(k, (m, n)) / m**0.5
        for k, m, n in zip(keys, cfg.widths[:-1], cfg.widths[1:])
    ]


def apply(cfg: NetConfig, weights: list[jax.Array], x: jax.Array) -> jax.Array:
    act = ACTIVATIONS[cfg.hidden_act]
    for w in weights[:-1]:
        x = act(project(w, x))
    return project(weights[-1], x)
