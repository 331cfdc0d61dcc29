"""Planar two-link arm: forward kinematics with an analytic derivative rule."""

import functools

import jax
import jax.numpy as jnp

from jacobians import apply_jacobian, two_link_jacobian


@functools.partial(jax.custom_jvp, nondiff_argnums=(2, 3))
def end_effector(q1, q2, l1, l2):
    x = l1 * jnp.cos(q1) + l2 * jnp.cos(q1 + q2)
    y = l1 * jnp.sin(q1) + l2 * jnp.sin(q1 + q2)
    return x, y


@end_effector.defjvp
def _end_effector_jvp(l1, l2, primals, tangents):
    q1, q2 = primals
    dq1, dq2 = tangents
    out = end_effector(q1, q2, l1, l2)
    jac = two_link_jacobian(q1, q2, l1, l2)
    return out, apply_jacobian(jac, dq1, dq2)
