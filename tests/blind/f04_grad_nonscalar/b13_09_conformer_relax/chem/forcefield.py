"""A toy harmonic force field for a chain molecule (bonds and angles)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class ForceField(NamedTuple):
    k_bond: float = 300.0
    r0: float = 1.53
    k_angle: float = 60.0
    theta0: float = 1.91


def conformer_energy(coords, ff):
    bonds = coords[1:] - coords[:-1]
    lengths = jnp.linalg.norm(bonds, axis=-1)
    e_bond = 0.5 * ff.k_bond * jnp.sum((lengths - ff.r0) ** 2)
    u, v = -bonds[:-1], bonds[1:]
    cos = jnp.sum(u * v, axis=-1) / (lengths[:-1] * lengths[1:])
    theta = jnp.arccos(jnp.clip(cos, -0.999, 0.999))
    e_angle = 0.5 * ff.k_angle * jnp.sum((theta - ff.theta0) ** 2)
    return e_bond + e_angle


def batch_energy(conformers, ff):
    """Energies of a batch of conformers, one per row."""
    return jax.vmap(conformer_energy, in_axes=(0, None))(conformers, ff)
