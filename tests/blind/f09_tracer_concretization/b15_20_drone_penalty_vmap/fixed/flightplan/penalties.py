"""Scalar penalty functions for constraint violations (positive = violated)."""
import jax.numpy as jnp

PENALTIES = {
    "quadratic_hinge": lambda v: jnp.where(v > 0, v * v, 0.0),
    "softplus": lambda v: jnp.logaddexp(0.0, 10.0 * v) / 10.0,
    "abs": lambda v: jnp.abs(v),
}


def get(name):
    return PENALTIES[name]
