"""Starting ratings for paired-comparison models, keyed by name."""

from __future__ import annotations

from typing import Callable, Dict

import jax.numpy as jnp

Initializer = Callable[[jnp.ndarray], jnp.ndarray]
INITIALIZERS: Dict[str, Initializer] = {}


def initializer(name: str):
    def deco(fn: Initializer) -> Initializer:
        INITIALIZERS[name] = fn
        return fn
    return deco


@initializer("zeros")
def zeros(wins):
    return jnp.zeros(wins.shape)


@initializer("rank")
def rank(wins):
    """Players ordered by total wins, centred so the median player sits at 0."""
    ranks = jnp.argsort(jnp.argsort(wins))
    return ranks - wins.shape[0] // 2


@initializer("log_wins")
def log_wins(wins):
    return jnp.log1p(wins) - jnp.mean(jnp.log1p(wins))


def get_initializer(name: str) -> Initializer:
    try:
        return INITIALIZERS[name]
    except KeyError:
        raise ValueError(f"unknown initializer {name!r}; have {sorted(INITIALIZERS)}") from None
