"""Plummer-softened pair potential with a closed-form gradient."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def plummer_potential(r2, mass_product, softening=0.05):
    """-m_i m_j / sqrt(r^2 + eps^2) for each pair."""
    return -mass_product / jnp.sqrt(r2 + softening**2)


def _fwd(r2, mass_product, softening=0.05):
    inv = 1.0 / jnp.sqrt(r2 + softening**2)
    return -mass_product * inv, (mass_product, inv)


def _bwd(res, g):
    mass_product, inv = res
    d_r2 = 0.5 * g * mass_product * inv**3
    d_mass = -g * inv
    return d_r2, d_mass


plummer_potential.defvjp(_fwd, _bwd)
