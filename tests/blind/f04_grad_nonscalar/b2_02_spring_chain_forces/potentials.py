"""Harmonic spring chain: potential energy of each bond."""

import jax.numpy as jnp


def bond_lengths(positions):
    return jnp.linalg.norm(positions[1:] - positions[:-1], axis=-1)


def spring_energy(positions, k=10.0, rest=1.0):
    stretch = bond_lengths(positions) - rest
    return 0.5 * k * stretch**2
