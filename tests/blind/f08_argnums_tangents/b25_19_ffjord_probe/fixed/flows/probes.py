"""Random probe vectors for stochastic trace estimation."""

from __future__ import annotations

from typing import Callable, Dict

import jax
import jax.numpy as jnp

PROBES: Dict[str, Callable] = {
    "gaussian": lambda key, shape: jax.random.normal(key, shape),
    "rademacher": lambda key, shape: jax.random.rademacher(key, shape, dtype=jnp.float32),
}


def sample_probe(kind: str, key, shape):
    """E[eps eps^T] = I for every registered kind."""
    return PROBES[kind](key, shape)
