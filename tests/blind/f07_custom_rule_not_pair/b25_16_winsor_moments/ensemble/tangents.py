"""Forward-mode sensitivities of ensemble summaries."""

from __future__ import annotations

import jax.numpy as jnp


def moment_tangents(clipped, inside, x_dot):
    """Directional derivatives of (mean, variance) of the clipped ensemble.

    ``inside`` marks members strictly between the clip limits; clipped members
    do not move with their input.
    """
    n = clipped.shape[0]
    c_dot = jnp.where(inside, x_dot, 0.0)
    mean = jnp.mean(clipped, axis=0)
    mean_dot = jnp.mean(c_dot, axis=0)
    var_dot = 2.0 * jnp.sum((clipped - mean) * (c_dot - mean_dot), axis=0) / (n - 1)
    return mean_dot, var_dot
