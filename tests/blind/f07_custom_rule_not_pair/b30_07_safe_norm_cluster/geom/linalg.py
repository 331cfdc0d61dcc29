"""Row-wise vector helpers for arrays of 3-vectors (..., 3)."""
import jax.numpy as jnp


def rowdot(a, b, *, keepdims=True):
    """Dot product along the last axis; keeps it by default for broadcasting."""
    return jnp.sum(a * b, axis=-1, keepdims=keepdims)


def project_out(v, direction):
    """Remove from each row of v its component along the matching unit direction."""
    return v - rowdot(v, direction) * direction
