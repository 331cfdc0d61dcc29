"""Total potential energy and forces of a small star cluster."""

import jax
import jax.numpy as jnp

from nbody.kernels import plummer_potential


def pair_indices(n):
    i, j = jnp.triu_indices(n, k=1)
    return i, j


def potential_energy(positions, masses):
    i, j = pair_indices(positions.shape[0])
    diff = positions[i] - positions[j]
    r2 = jnp.sum(diff**2, axis=-1)
    return jnp.sum(plummer_potential(r2, masses[i] * masses[j]))


forces = jax.grad(lambda pos, m: -potential_energy(pos, m))
