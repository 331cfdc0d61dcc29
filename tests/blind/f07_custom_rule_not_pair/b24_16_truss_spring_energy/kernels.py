"""Shared bond computations for the spring-network energy and its gradient."""
from typing import NamedTuple

import jax.numpy as jnp


class SpringCache(NamedTuple):
    energy: jnp.ndarray      # total elastic energy
    extension: jnp.ndarray   # (n_bonds,) length minus rest length
    direction: jnp.ndarray   # (n_bonds, 2) unit vectors i -> j


def spring_terms(pos, bonds, k, rest):
    d = pos[bonds[:, 1]] - pos[bonds[:, 0]]
    length = jnp.linalg.norm(d, axis=1)
    ext = length - rest
    return SpringCache(energy=0.5 * jnp.sum(k * ext**2), extension=ext,
                       direction=d / length[:, None])
