"""What a model's loss hands back to the training loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jax


@dataclass
class LossOutput:
    loss: jax.Array
    metrics: dict = field(default_factory=dict)
    state: Any = None

    def for_grad(self):
        """The value that ``jax.value_and_grad(..., has_aux=True)`` expects."""
        return self.loss, (self.metrics, self.state)

    @staticmethod
    def unpack(aux):
        metrics, state = aux
        return metrics, state
