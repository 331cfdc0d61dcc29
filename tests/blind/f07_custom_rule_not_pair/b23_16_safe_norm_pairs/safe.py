"""A Euclidean norm whose derivative is defined (zero) at the origin."""
import jax
import jax.numpy as jnp

from vecops import dot_last


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v, axis=-1))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (v,), (v_dot,) = primals, tangents
    n = safe_norm(v)
    unit = v / jnp.where(n > 0, n, 1.0)[..., None]
    return n, dot_last(unit, v_dot)
