"""Probe directions for directional-derivative checks."""

import jax.numpy as jnp


def ramp_direction(n):
    d = jnp.arange(n, dtype=jnp.float32)
    return d - n // 2


def basis_direction(n, i):
    return jnp.zeros(n).at[i].set(1.0)
