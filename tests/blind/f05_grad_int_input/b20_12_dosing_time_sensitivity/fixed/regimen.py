"""Dosing regimens: dose times (h) and amounts (mg)."""
from typing import NamedTuple

import jax.numpy as jnp


class Regimen(NamedTuple):
    times: jnp.ndarray
    amounts: jnp.ndarray


def every(interval_h, n_doses, amount_mg, start_h=0):
    """A fixed-interval regimen, e.g. every(12, 6, 250.0) for q12h x 6."""
    times = jnp.arange(start_h, start_h + interval_h * n_doses, interval_h, dtype=jnp.float32)
    return Regimen(times, jnp.full((n_doses,), amount_mg))
