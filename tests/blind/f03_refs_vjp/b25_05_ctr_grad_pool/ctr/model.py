"""Logistic click-through model whose parameters live in Refs."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class ClickModel:
    weights: jax.Ref   # (n_features, n_slots)
    bias: jax.Ref      # (n_slots,)
    l2: float = 1e-3

    @classmethod
    def create(cls, n_features: int, n_slots: int) -> "ClickModel":
        return cls(jax.new_ref(jnp.zeros((n_features, n_slots))), jax.new_ref(jnp.zeros((n_slots,))))

    @property
    def param_refs(self):
        return (self.weights, self.bias)

    @staticmethod
    def loss(w_ref, b_ref, features, clicks, l2):
        logits = features @ w_ref[...] + b_ref[...]
        nll = jnp.mean(jnp.logaddexp(0.0, logits) - clicks * logits)
        return nll + l2 * jnp.sum(w_ref[...] ** 2)
