"""Meta-learning hyperparameters, passed through jit as a pytree."""

import functools
from dataclasses import dataclass

import jax


@functools.partial(
    jax.tree_util.register_dataclass,
    data_fields=["inner_lr", "inner_steps"],
    meta_fields=["n_support", "n_query"],
)
@dataclass(frozen=True)
class MetaHParams:
    inner_lr: float = 0.01
    inner_steps: int = 3
    n_support: int = 10
    n_query: int = 10
