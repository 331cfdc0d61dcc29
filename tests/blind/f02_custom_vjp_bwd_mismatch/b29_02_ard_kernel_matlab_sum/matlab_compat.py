"""Small helpers that keep the semantics of the MATLAB code this GP was ported from."""
import jax.numpy as jnp


def msum(a, dim):
    """MATLAB ``sum(a, dim)``: 1-based dimension, the reduced axis is kept."""
    return jnp.sum(a, axis=dim - 1, keepdims=True)


def colvec(v):
    return jnp.reshape(v, (-1, 1))


def repmat(a, m, n):
    return jnp.tile(a, (m, n))
