"""Hydraulic power of each pump and the station's electrical draw."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from pumps.curves import efficiency

RHO_G = 1000.0 * 9.81


@dataclass(frozen=True)
class Station:
    heads: tuple[float, ...] = (32.0, 30.0, 35.0)  # m, one per pump

    def electrical_power(self, flows):
        """flows in m^3/h; returns kW."""
        hydraulic = RHO_G * jnp.asarray(self.heads) * flows / 3600.0 / 1000.0
        return jnp.sum(hydraulic / efficiency(flows))


def split(logits, demand):
    return demand * jax.nn.softmax(logits)
