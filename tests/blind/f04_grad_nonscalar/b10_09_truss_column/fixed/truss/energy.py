"""Total potential energy of a linear elastic system."""
import jax.numpy as jnp


def potential(u, stiffness, loads):
    return 0.5 * jnp.vdot(u, stiffness @ u) - jnp.vdot(loads, u)
