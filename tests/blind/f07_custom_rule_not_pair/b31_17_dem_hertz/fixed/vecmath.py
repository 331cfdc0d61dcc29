"""Vector helpers for particle codes (arrays of 3-vectors along the last axis)."""
import jax
import jax.numpy as jnp


def dot(a, b):
    """Row-wise dot product, kept as a column so it broadcasts against vectors."""
    return jnp.sum(a * b, axis=-1, keepdims=True)


def project_out(v, n):
    """Component of v orthogonal to the unit normals n."""
    return v - dot(v, n) * n


@jax.custom_jvp
def safe_norm(x):
    """Euclidean norm along the last axis whose derivative is finite at zero."""
    return jnp.sqrt(jnp.sum(x * x, axis=-1))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    r = safe_norm(x)
    r_safe = jnp.where(r > 0.0, r, 1.0)
    unit = x / r_safe[..., None]
    return r, jnp.sum(unit * x_dot, axis=-1)
