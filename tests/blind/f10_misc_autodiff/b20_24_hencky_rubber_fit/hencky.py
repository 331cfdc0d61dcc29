"""Hencky hyperelastic model; stresses come from differentiating the stored energy."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from strain import hencky_strain


class Moduli(NamedTuple):
    mu: jnp.ndarray
    kappa: jnp.ndarray


def stored_energy(f, moduli):
    e = hencky_strain(f)
    tr = jnp.trace(e)
    dev = e - tr / 3.0 * jnp.eye(3)
    return moduli.mu * jnp.sum(dev * dev) + 0.5 * moduli.kappa * tr ** 2


first_piola = jax.grad(stored_energy, argnums=0)


def planar_tension_f(stretch, thickness_ratio):
    """Pure-shear test piece: width held fixed, thickness free."""
    return jnp.diag(jnp.stack([stretch, jnp.ones_like(stretch), thickness_ratio]))


def nominal_stress(stretch, thickness_ratio, moduli):
    return first_piola(planar_tension_f(stretch, thickness_ratio), moduli)[0, 0]
