"""Objectives that report diagnostics next to the value they minimise."""

import jax
import jax.numpy as jnp


def huber(residual: jax.Array, delta: float = 1.0) -> jax.Array:
    a = jnp.abs(residual)
    return jnp.where(a <= delta, 0.5 * residual**2, delta * (a - 0.5 * delta))


def robust_fit_objective(coeffs: jax.Array, t: jax.Array, obs: jax.Array):
    pred = jnp.polyval(coeffs, t)
    residual = pred - obs
    value = jnp.mean(huber(residual))
    diagnostics = {
        "max_abs_residual": jnp.max(jnp.abs(residual)),
        "outlier_fraction": jnp.mean(jnp.abs(residual) > 1.0),
    }
    return value, diagnostics
