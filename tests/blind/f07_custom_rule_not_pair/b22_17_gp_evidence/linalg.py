"""Cholesky-based helpers for symmetric positive-definite systems."""

import jax.numpy as jnp
from jax.scipy.linalg import cho_solve, cholesky


def factorize(K, y):
    """Return ``(L, alpha)`` with ``K = L L^T`` and ``alpha = K^{-1} y``."""
    L = cholesky(K, lower=True)
    alpha = cho_solve((L, True), y)
    return L, alpha


def spd_inverse(L):
    return cho_solve((L, True), jnp.eye(L.shape[0]))
