"""Linearised clearance constraints for a sequential-QP planner."""
import jax

from reach.geometry import clearances


def linearize_clearance(q, lengths, obstacles, radii):
    """Value and Jacobian (n_obstacles, n_joints); forward mode since there are few joints."""
    g = clearances(q, lengths, obstacles, radii)
    J = jax.jacfwd(clearances)(q, lengths, obstacles, radii)
    return g, J
