"""Scalar penalty functions for constraint violations (positive = violated)."""
import jax.numpy as jnp

PENALTIES = {
    "quadratic_hinge": lambda v: v * v if v > 0 else 0.0,
    "softplus": lambda v: jnp.logaddexp(0.0, 10.0 * v) / 10.0,
    "abs": lambda v: jnp.abs(v),
}


def get(name):
    return PENALTIES[name]
