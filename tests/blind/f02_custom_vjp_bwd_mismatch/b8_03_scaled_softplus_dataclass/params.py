"""Parameters of the scaled softplus readout, as a registered dataclass."""
from __future__ import annotations

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(
    jax.tree_util.register_dataclass,
    data_fields=["scale", "shift"],
    meta_fields=[],
)
@dataclasses.dataclass(frozen=True)
class ReadoutParams:
    scale: jax.Array
    shift: jax.Array

    @classmethod
    def init(cls, n: int) -> "ReadoutParams":
        return cls(scale=jnp.ones((n,)), shift=jnp.zeros((n,)))
