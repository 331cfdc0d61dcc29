"""Potential energy of a chain of particles joined by harmonic springs, in 2-D."""

import jax.numpy as jnp


def bond_vectors(positions):
    return positions[1:] - positions[:-1]


def spring_energy(positions, k=4.0, rest_length=1.0):
    lengths = jnp.linalg.norm(bond_vectors(positions), axis=-1)
    return 0.5 * k * (lengths - rest_length) ** 2


def gravity_energy(positions, masses, g=9.81):
    return masses[:, None] * g * positions[:, 1:2]


def total_energy(positions, masses):
    springs = jnp.sum(spring_energy(positions))
    gravity = jnp.sum(gravity_energy(positions, masses))
    return springs + gravity
