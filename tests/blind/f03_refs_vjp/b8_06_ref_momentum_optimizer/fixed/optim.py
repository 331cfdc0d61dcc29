"""A heavy-ball optimizer that updates parameters stored in Refs in place."""
from __future__ import annotations

import functools
from typing import Callable, Sequence

import jax
import jax.numpy as jnp


class RefMomentum:
    def __init__(self, param_refs: Sequence, lr: float = 0.1, beta: float = 0.9):
        self.param_refs = tuple(param_refs)
        self.velocity = tuple(jax.new_ref(jnp.zeros_like(r[...])) for r in self.param_refs)
        self.lr = lr
        self.beta = beta

    def step(self, loss_fn: Callable, **batch) -> jax.Array:
        objective = functools.partial(loss_fn, **batch)
        value, pullback = jax.vjp(objective, *self.param_refs)
        grads = tuple(jax.new_ref(jnp.zeros_like(r[...])) for r in self.param_refs)
        pullback.with_refs(*grads)(jnp.ones_like(value))
        for p, v, g in zip(self.param_refs, self.velocity, grads):
            v[...] = self.beta * v[...] + g[...]
            p[...] -= self.lr * v[...]
        return value
