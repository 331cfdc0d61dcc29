"""Preallocated gradient buffers, reused across steps."""

from __future__ import annotations

from typing import Sequence

import jax
import jax.numpy as jnp


class GradPool:
    """One zero-initialised gradient Ref per parameter Ref.

    Buffers are flat so that they can be concatenated into a single vector
    for logging the global gradient norm.
    """

    def __init__(self, buffers: Sequence[jax.Ref]):
        self.buffers = tuple(buffers)

    @classmethod
    def like(cls, param_refs: Sequence[jax.Ref]) -> "GradPool":
        return cls([jax.new_ref(jnp.zeros_like(p[...])) for p in param_refs])

    def zero(self) -> None:
        for b in self.buffers:
            b[...] = jnp.zeros_like(b[...])

    def values(self):
        return tuple(b[...] for b in self.buffers)

    def global_norm(self) -> jax.Array:
        flat = jnp.concatenate([jnp.ravel(v) for v in self.values()])
        return jnp.linalg.norm(flat)
