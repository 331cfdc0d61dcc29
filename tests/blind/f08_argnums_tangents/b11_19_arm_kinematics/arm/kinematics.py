"""Forward kinematics of a planar serial arm with revolute joints."""

import jax.numpy as jnp

LINKS = jnp.array([0.4, 0.3, 0.15])  # metres


def end_effector(q):
    """(x, y, heading) of the tool for joint angles q (3,)."""
    angles = jnp.cumsum(q)
    x = jnp.sum(LINKS * jnp.cos(angles))
    y = jnp.sum(LINKS * jnp.sin(angles))
    return jnp.array([x, y, angles[-1]])


def joint_basis(n=3):
    return jnp.eye(n)
