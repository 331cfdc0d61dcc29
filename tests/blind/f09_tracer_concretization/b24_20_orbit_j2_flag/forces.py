"""Gravitational accelerations for low-Earth-orbit propagation (km, s)."""
from typing import NamedTuple

import jax.numpy as jnp


class ForceModel(NamedTuple):
    mu: float = 398600.4418       # km^3 / s^2
    r_earth: float = 6378.137     # km
    j2: float = 1.08263e-3
    include_j2: bool = True


def acceleration(r, fm):
    norm = jnp.linalg.norm(r)
    a = -fm.mu * r / norm**3
    if fm.include_j2:
        z2 = (r[2] / norm) ** 2
        k = 1.5 * fm.j2 * fm.mu * fm.r_earth**2 / norm**5
        a = a + k * r * jnp.array([5 * z2 - 1, 5 * z2 - 1, 5 * z2 - 3])
    return a
