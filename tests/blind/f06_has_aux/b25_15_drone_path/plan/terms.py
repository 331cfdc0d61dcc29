"""Named pieces of a path cost, kept together for logging."""

from __future__ import annotations

from dataclasses import dataclass

import jax


@jax.tree_util.register_dataclass
@dataclass
class CostTerms:
    smoothness: jax.Array
    clearance: jax.Array
    goal: jax.Array

    @property
    def total(self) -> jax.Array:
        return self.smoothness + self.clearance + self.goal

    def as_dict(self) -> dict:
        return {"smoothness": self.smoothness, "clearance": self.clearance, "goal": self.goal}
