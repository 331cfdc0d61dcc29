"""Lotka-Volterra vector field."""

import jax.numpy as jnp


def vector_field(state, a=1.0, b=0.4, c=0.4, d=0.1):
    prey, pred = state[0], state[1]
    return jnp.stack([a * prey - b * prey * pred, d * prey * pred - c * pred])
