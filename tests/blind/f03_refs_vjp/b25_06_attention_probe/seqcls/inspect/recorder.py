"""Capture intermediate activations for notebooks and dashboards."""

from __future__ import annotations

from typing import Protocol

import jax
import jax.numpy as jnp


class Recorder(Protocol):
    def record(self, value: jax.Array) -> None: ...


class AttentionRecorder:
    """Keeps the latest attention map in a Ref while the context is open."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.buf: jax.Ref | None = None

    def __enter__(self) -> "AttentionRecorder":
        self.buf = jax.new_ref(jnp.zeros(self.shape))
        return self

    def __exit__(self, *exc) -> None:
        return None

    def record(self, value: jax.Array) -> None:
        self.buf[...] = value

    @property
    def latest(self) -> jax.Array:
        return self.buf[...]
