"""Harmonic springs between neighbouring beads of a polymer chain."""
from typing import NamedTuple

import jax.numpy as jnp


class Springs(NamedTuple):
    stiffness: float
    rest_length: float


def bond_vectors(positions):
    return positions[1:] - positions[:-1]


def energy(positions, springs: Springs):
    lengths = jnp.linalg.norm(bond_vectors(positions), axis=-1)
    stretch = lengths - springs.rest_length
    return 0.5 * springs.stiffness * jnp.sum(stretch**2)
