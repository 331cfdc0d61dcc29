"""Hertzian contact energy between spherical grains."""
import jax.numpy as jnp

from vecmath import safe_norm

YOUNG = 5.0e6      # Pa, soft rubber beads
POISSON = 0.45


def pair_indices(n):
    i, j = jnp.triu_indices(n, k=1)
    return i, j


def hertz_energy(pos, radii):
    i, j = pair_indices(pos.shape[0])
    dist = safe_norm(pos[i] - pos[j])
    overlap = jnp.maximum(radii[i] + radii[j] - dist, 0.0)
    r_eff = radii[i] * radii[j] / (radii[i] + radii[j])
    e_eff = YOUNG / (2.0 * (1.0 - POISSON ** 2))
    return jnp.sum(8.0 / 15.0 * e_eff * jnp.sqrt(r_eff) * overlap ** 2.5)


def gravity_energy(pos, radii, density=1100.0, g=9.81):
    mass = density * 4.0 / 3.0 * jnp.pi * radii ** 3
    return jnp.sum(mass * g * pos[:, 2])
