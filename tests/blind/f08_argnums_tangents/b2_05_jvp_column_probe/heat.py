"""Explicit finite-difference step of the 1-D heat equation."""

import jax.numpy as jnp

ALPHA = 0.2


def heat_step(u):
    lap = jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)
    return u + ALPHA * lap
