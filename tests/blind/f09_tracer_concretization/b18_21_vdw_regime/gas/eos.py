"""Van der Waals gas with a Maxwell-construction switch below the critical temperature."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class VanDerWaals:
    a: float = 3.64
    b: float = 0.04267
    r: float = 0.08314

    @property
    def critical_temperature(self):
        return 8.0 * self.a / (27.0 * self.r * self.b)

    def pressure(self, t, v):
        ideal = self.r * t / (v - self.b) - self.a / v**2
        if t < self.critical_temperature:
            return jnp.maximum(ideal, 0.0)
        return ideal
