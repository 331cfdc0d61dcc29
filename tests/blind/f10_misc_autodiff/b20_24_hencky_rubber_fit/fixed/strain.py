"""Logarithmic (Hencky) strain measures."""
import jax.numpy as jnp


def right_cauchy_green(f):
    return f.T @ f


def hencky_strain(f):
    """E_H = 1/2 log(C), C = F^T F."""
    c = right_cauchy_green(f)
    w, v = jnp.linalg.eigh(c)
    return 0.5 * (v * jnp.log(w)) @ v.T
