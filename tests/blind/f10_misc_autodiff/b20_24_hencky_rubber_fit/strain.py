"""Logarithmic (Hencky) strain measures."""
import jax.numpy as jnp
from jax.scipy.linalg import funm


def right_cauchy_green(f):
    return f.T @ f


def hencky_strain(f):
    """E_H = 1/2 log(C), C = F^T F."""
    c = right_cauchy_green(f)
    return 0.5 * funm(c, jnp.log).real
