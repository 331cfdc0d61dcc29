"""Numerical precision and grid of the reduced-precision Burgers forecast model."""
import jax.numpy as jnp

DTYPE = jnp.bfloat16
N_GRID = 128
DOMAIN = 2.0 * jnp.pi


def grid():
    return jnp.linspace(0.0, DOMAIN, N_GRID, endpoint=False, dtype=DTYPE)
