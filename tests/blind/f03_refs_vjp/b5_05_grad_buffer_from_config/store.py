"""Weights held in mutable Refs between steps, sized by a config."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class ProbeConfig:
    n_in: int = 5
    n_out: int = 2
    lr: float = 0.1


class WeightStore:
    def __init__(self, cfg: ProbeConfig, key: jax.Array):
        self.cfg = cfg
        self.w = jax.new_ref(jax.random.normal(key, (cfg.n_in, cfg.n_out)) * 0.1)

    def snapshot(self) -> jax.Array:
        return self.w[...]


def readout_error(w_ref, x, y):
    return jnp.mean((x @ w_ref[...] - y) ** 2)
