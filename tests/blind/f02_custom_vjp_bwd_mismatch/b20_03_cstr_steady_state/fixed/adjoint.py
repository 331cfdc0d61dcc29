"""Adjoint (implicit-function) sensitivities of a steady state F(x*, theta) = 0."""
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def adjoint_cotangents(residual, x_star, theta, x_bar):
    """theta_bar = -(dF/dtheta)^T (dF/dx)^-T x_bar, evaluated with dense Jacobians."""
    theta_flat, unravel = ravel_pytree(theta)
    j_x = jax.jacobian(residual, argnums=0)(x_star, theta)
    j_theta = jax.jacobian(lambda tf: residual(x_star, unravel(tf)))(theta_flat)
    lam = jnp.linalg.solve(j_x.T, x_bar)
    theta_bar = -lam @ j_theta
    return unravel(theta_bar)
