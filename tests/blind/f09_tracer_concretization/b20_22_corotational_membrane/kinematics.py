"""Triangle-element kinematics: deformation gradients and their rotations."""
import jax
import jax.numpy as jnp
from jax.scipy.linalg import polar


def deformation_gradients(x, rest_inv, triangles):
    """F = Ds Dm^-1 for every triangle; x is (n_nodes, 2)."""
    a, b, c = (x[triangles[:, i]] for i in range(3))
    ds = jnp.stack([b - a, c - a], axis=-1)  # (n_tri, 2, 2)
    return ds @ rest_inv


def rotation_part(f):
    """Closest rotation to F (polar decomposition F = R S)."""
    r, _ = polar(f)
    return r


rotations = jax.vmap(rotation_part)
