"""Laplace approximation around a mode: Gaussian with the inverse Hessian as covariance."""

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def hessian_matrix(hess, mode):
    """Assemble the nested Hessian pytree into one dense matrix in ravel_pytree order."""
    leaves, treedef = jax.tree.flatten(mode)
    sizes = [leaf.size for leaf in leaves]
    rows = treedef.flatten_up_to(hess)
    return jnp.block([
        [jnp.reshape(block, (si, sj)) for block, sj in zip(treedef.flatten_up_to(row), sizes)]
        for row, si in zip(rows, sizes)
    ])


def laplace_covariance(neg_log_joint, mode):
    hess = jax.hessian(neg_log_joint)(mode)
    flat_mode, _ = ravel_pytree(mode)
    return flat_mode, jnp.linalg.inv(hessian_matrix(hess, mode))
