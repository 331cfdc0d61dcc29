"""Local sensitivities of the terminal voltage by forward-mode differentiation."""

import jax
import jax.numpy as jnp

from ecm import simulate_voltage

ANALYSIS = {
    "parameters": ["r0", "r1", "c1", "capacity_ah"],
    "relative": True,
}


def unit_direction(name, cell, names=ANALYSIS["parameters"]):
    """A tangent that moves only `name`, scaled by its nominal value when relative."""
    scale = cell[name] if ANALYSIS["relative"] else 1.0
    return {k: jnp.float32(scale if k == name else 0.0) for k in cell}


def voltage_sensitivities(cell, current):
    cell = {k: jnp.float32(v) for k, v in cell.items()}
    out = {}
    for name in ANALYSIS["parameters"]:
        _, dv = jax.jvp(lambda c: simulate_voltage(c, current), (cell,), (unit_direction(name, cell),))
        out[name] = dv
    return out
