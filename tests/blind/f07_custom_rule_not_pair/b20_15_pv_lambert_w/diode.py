"""Explicit single-diode photovoltaic cell model (Jain & Kapoor, 2004)."""
from dataclasses import dataclass

import jax.numpy as jnp

from special import lambertw

THERMAL_VOLTAGE = 0.02569  # V at 25 C


@dataclass(frozen=True)
class CellConstants:
    r_series: float = 0.005  # ohm
    r_shunt: float = 50.0  # ohm
    ideality: float = 1.3


def current(v, log_il, log_i0, cell=CellConstants()):
    """Terminal current I(V) in A for photocurrent exp(log_il) and saturation current exp(log_i0)."""
    il, i0 = jnp.exp(log_il), jnp.exp(log_i0)
    rs, rsh = cell.r_series, cell.r_shunt
    nvt = cell.ideality * THERMAL_VOLTAGE
    total = rs + rsh
    arg = (rs * i0 * rsh / (nvt * total)) * jnp.exp(rsh * (rs * (il + i0) + v) / (nvt * total))
    return rsh * (il + i0) / total - v / total - nvt / rs * lambertw(arg)
