"""Coulomb potential at a point and its directional derivatives by linearization."""
import jax
import jax.numpy as jnp


def coulomb_potential(point, sites, charges, softening=0.3):
    r = jnp.sqrt(jnp.sum((sites - point) ** 2, axis=-1) + softening**2)
    return jnp.sum(charges / r)


def directional_derivatives(point, sites, charges, directions):
    phi, dphi = jax.linearize(lambda p: coulomb_potential(p, sites, charges), point)
    return phi, jnp.stack([dphi(d) for d in directions])
