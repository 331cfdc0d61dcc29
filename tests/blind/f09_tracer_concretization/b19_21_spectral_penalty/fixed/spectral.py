"""Spectral-norm estimation by power iteration."""

import jax
import jax.numpy as jnp
from jax import lax


def top_singular_vectors(w, tol=1e-4, max_iters=100):
    """Power iteration on w^T w, run until the estimate stops changing."""
    u0 = jnp.ones(w.shape[0]) / jnp.sqrt(w.shape[0])

    def cond(state):
        _, _, delta, it = state
        return (delta > tol) & (it < max_iters)

    def body(state):
        u, sigma, _, it = state
        v = w.T @ u
        v = v / jnp.linalg.norm(v)
        u = w @ v
        new_sigma = jnp.linalg.norm(u)
        return u / new_sigma, new_sigma, jnp.abs(new_sigma - sigma), it + 1

    u, _, _, _ = lax.while_loop(cond, body, (u0, jnp.float32(0.0), jnp.float32(jnp.inf), 0))
    v = w.T @ u
    return u, v / jnp.linalg.norm(v)


def spectral_norm(w):
    u, v = top_singular_vectors(jax.lax.stop_gradient(w))
    return u @ w @ v
