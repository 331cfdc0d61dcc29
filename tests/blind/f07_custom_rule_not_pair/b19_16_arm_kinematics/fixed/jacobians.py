"""Analytic Jacobians of a planar two-link arm."""

import jax.numpy as jnp


def two_link_jacobian(q1, q2, l1, l2):
    s1, c1 = jnp.sin(q1), jnp.cos(q1)
    s12, c12 = jnp.sin(q1 + q2), jnp.cos(q1 + q2)
    return jnp.array([
        [-l1 * s1 - l2 * s12, -l2 * s12],
        [l1 * c1 + l2 * c12, l2 * c12],
    ])


def apply_jacobian(jac, dq1, dq2):
    """Push joint-space tangents through the Jacobian, one output coordinate per row."""
    return tuple(jac[i, 0] * dq1 + jac[i, 1] * dq2 for i in range(jac.shape[0]))
