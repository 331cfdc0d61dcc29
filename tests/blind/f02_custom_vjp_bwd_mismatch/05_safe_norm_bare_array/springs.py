"""Potential energy of particles joined by springs of rest length 1."""

import jax.numpy as jnp

from geometry import safe_norm


def spring_energy(positions, edges, k=10.0):
    deltas = positions[edges[:, 0]] - positions[edges[:, 1]]
    lengths = safe_norm(deltas)
    return 0.5 * k * jnp.sum((lengths - 1.0) ** 2)
