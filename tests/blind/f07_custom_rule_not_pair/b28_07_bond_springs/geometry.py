"""Geometry kernels for the coarse-grained polymer model."""
import jax
import jax.numpy as jnp

EPS = 1e-12


def norm_and_direction(dr):
    """Bond lengths, unit bond vectors and the squared lengths, in one pass."""
    r2 = jnp.sum(dr * dr, axis=-1)
    r = jnp.sqrt(jnp.maximum(r2, EPS))
    return r, dr / r[..., None], r2


@jax.custom_vjp
def bond_length(dr):
    """|dr| along the last axis with a gradient that stays finite at dr = 0."""
    return norm_and_direction(dr)[0]


def _bond_length_bwd(unit, g):
    return (g[..., None] * unit,)


bond_length.defvjp(norm_and_direction, _bond_length_bwd)
