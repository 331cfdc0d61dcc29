"""Adjoint-state pieces shared by the implicit diffusion solvers."""
import jax.numpy as jnp


def face_flux_difference(u):
    """u[i+1] - u[i] across each interior face."""
    return jnp.diff(u)


def face_sensitivity(u, lam, coef):
    """Sensitivity of lam^T M(kappa) u with respect to the face conductivities.

    M = I + coef * L(kappa), L the zero-flux diffusion operator; each face
    couples the two cells on either side of it.
    """
    return -coef * face_flux_difference(u) * face_flux_difference(lam)
