"""Low-rank matrix factorisation: R ~ U @ V."""

import jax.numpy as jnp

from linalg_ops import matmul


def reconstruction_error(factors, ratings, mask):
    u, v = factors
    pred = matmul(u, v)
    return jnp.sum(mask * (pred - ratings) ** 2) / jnp.sum(mask)
