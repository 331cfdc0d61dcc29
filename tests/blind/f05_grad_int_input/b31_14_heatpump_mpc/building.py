"""Single-zone RC thermal model of a house with a heat pump."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class Zone(NamedTuple):
    capacitance: float = 1.2e7   # J/K
    resistance: float = 4.0e-3   # K/W
    cop: float = 3.2
    p_max: float = 4000.0        # W electrical


def simulate(zone, T0, power, T_out, dt=900.0):
    """Indoor temperature after each interval for electrical power profile `power`."""
    def step(T, inputs):
        p, T_o = inputs
        heat = zone.cop * jnp.clip(p, 0.0, zone.p_max)
        T_next = T + dt / zone.capacitance * (heat - (T - T_o) / zone.resistance)
        return T_next, T_next

    _, temps = lax.scan(step, T0, (power, T_out))
    return temps
