"""Minimal functional layers: ``init(key) -> params`` and ``__call__(params, x)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Dense:
    n_in: int
    n_out: int

    def init(self, key):
        w = jax.random.normal(key, (self.n_in, self.n_out)) * jnp.sqrt(2.0 / self.n_in)
        return {"w": w, "b": jnp.zeros((self.n_out,))}

    def __call__(self, params, x):
        return x @ params["w"] + params["b"]


@dataclass(frozen=True)
class MLP:
    sizes: Sequence[int]
    activation: Callable = jax.nn.gelu

    @property
    def layers(self):
        return [Dense(a, b) for a, b in zip(self.sizes[:-1], self.sizes[1:])]

    def init(self, key):
        keys = jax.random.split(key, len(self.layers))
        return [layer.init(k) for layer, k in zip(self.layers, keys)]

    def __call__(self, params, x):
        for layer, p in zip(self.layers, params):
            x = self.activation(layer(p, x))
        return x
