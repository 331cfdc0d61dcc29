"""First-order Thevenin equivalent-circuit model of a Li-ion cell."""

import jax.numpy as jnp
from jax import lax

DEFAULT_CELL = {
    "r0": 0.015,
    "r1": 0.02,
    "c1": 2000.0,
    "capacity_ah": 2.5,
    "ocv_slope": 0.7,
}


def simulate_voltage(cell, current, dt=1.0, soc0=0.9):
    tau = cell["r1"] * cell["c1"]
    decay = jnp.exp(-dt / tau)

    def step(carry, i):
        soc, v1 = carry
        soc = soc - i * dt / (3600.0 * cell["capacity_ah"])
        v1 = decay * v1 + cell["r1"] * (1.0 - decay) * i
        v = 3.4 + cell["ocv_slope"] * soc - v1 - cell["r0"] * i
        return (soc, v1), v

    _, volts = lax.scan(step, (jnp.float32(soc0), jnp.float32(0.0)), current)
    return volts
