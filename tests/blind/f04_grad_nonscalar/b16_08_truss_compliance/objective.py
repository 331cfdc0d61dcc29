"""Compliance objectives for multi-load-case design."""
import jax.numpy as jnp

from fem import displacements


def compliance(density, loads):
    """Work done by each load case, f . u."""
    u = displacements(density, loads)
    return jnp.sum(loads * u, axis=-1)


def volume_penalty(density, target=0.4, weight=10.0):
    return weight * (jnp.mean(density) - target) ** 2
