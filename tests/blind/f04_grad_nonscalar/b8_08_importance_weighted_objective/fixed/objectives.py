"""Per-example objectives vmapped over a batch and reduced by a policy."""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Batch(NamedTuple):
    x: jax.Array
    y: jax.Array
    weight: jax.Array  # importance weights for covariate shift


@dataclasses.dataclass(frozen=True)
class Objective:
    def per_example(self, params, x, y):
        pred = jnp.dot(x, params["w"]) + params["b"]
        return (pred - y) ** 2

    def reduce(self, losses, batch: Batch):
        return jnp.mean(losses)

    def __call__(self, params, batch: Batch):
        losses = jax.vmap(self.per_example, in_axes=(None, 0, 0))(params, batch.x, batch.y)
        return self.reduce(losses, batch)


@dataclasses.dataclass(frozen=True)
class ImportanceWeighted(Objective):
    clip: float = 10.0

    def reduce(self, losses, batch: Batch):
        w = jnp.clip(batch.weight, 0.0, self.clip)
        return jnp.sum(w * losses) / jnp.sum(w)
