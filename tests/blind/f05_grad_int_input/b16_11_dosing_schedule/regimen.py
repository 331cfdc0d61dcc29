"""Dosing regimen settings and the initial schedule built from them."""
from typing import NamedTuple

import jax.numpy as jnp


class Regimen(NamedTuple):
    n_doses: int = 6
    interval: float = 8.0        # hours between doses
    dose: float = 100            # mg, starting amount of every dose
    target: float = 2.5          # mg/L trough target
    horizon: float = 60.0


def initial_schedule(reg: Regimen):
    return jnp.full((reg.n_doses,), reg.dose)
