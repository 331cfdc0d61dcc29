"""Pollutant transport in a river reach: upwind advection, central diffusion, decay."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax

from monitor import MONITOR


class Reach(NamedTuple):
    length: float = 20e3       # m
    cells: int = 200
    velocity: float = 0.6      # m/s
    dispersion: float = 15.0   # m^2/s
    decay: float = 2e-5        # 1/s
    dt: float = 60.0           # s


def transport(sources, reach=Reach(), n_steps=300):
    """Concentration field after n_steps, for point sources [g/s per m] per cell."""
    dx = reach.length / reach.cells

    def step(_, c):
        adv = -reach.velocity * (c - jnp.roll(c, 1).at[0].set(0.0)) / dx
        lap = (jnp.roll(c, -1) - 2.0 * c + jnp.roll(c, 1)) / dx ** 2
        c = c + reach.dt * (adv + reach.dispersion * lap - reach.decay * c + sources)
        MONITOR.record("concentration", c)
        return c

    c = lax.fori_loop(0, n_steps, step, jnp.zeros(reach.cells))
    MONITOR.record("courant", jnp.asarray(reach.velocity * reach.dt / dx))
    return c
