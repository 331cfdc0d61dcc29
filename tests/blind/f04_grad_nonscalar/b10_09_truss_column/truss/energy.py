"""Total potential energy of a linear elastic system."""


def potential(u, stiffness, loads):
    return 0.5 * u.T @ stiffness @ u - loads.T @ u
