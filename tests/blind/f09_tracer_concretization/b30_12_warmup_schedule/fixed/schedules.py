"""Learning-rate schedules: callables from the step count to a rate."""
import dataclasses
import math
from typing import Protocol

import jax.numpy as jnp


class Schedule(Protocol):
    def __call__(self, step) -> float: ...


@dataclasses.dataclass(frozen=True)
class Constant:
    value: float

    def __call__(self, step):
        return self.value


@dataclasses.dataclass(frozen=True)
class WarmupCosine:
    peak: float
    warmup_steps: int = 100
    total_steps: int = 1000
    floor: float = 0.0

    def __call__(self, step):
        warm = self.peak * step / self.warmup_steps
        progress = (step - self.warmup_steps) / max(self.total_steps - self.warmup_steps, 1)
        cosine = 0.5 * (1.0 + jnp.cos(math.pi * jnp.minimum(progress, 1.0)))
        return jnp.where(step < self.warmup_steps, warm, self.floor + (self.peak - self.floor) * cosine)
