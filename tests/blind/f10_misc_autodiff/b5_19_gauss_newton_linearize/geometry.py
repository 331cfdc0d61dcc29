"""Distance helpers with a well-defined derivative at zero."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v: jax.Array) -> jax.Array:
    return jnp.sqrt(jnp.sum(v**2, axis=-1))


def _safe_norm_fwd(v):
    n = jnp.sqrt(jnp.sum(v**2, axis=-1))
    return n, (v, n)


def _safe_norm_bwd(res, g):
    v, n = res
    safe_n = jnp.where(n > 0.0, n, 1.0)
    return (g[..., None] * v / safe_n[..., None],)


safe_norm.defvjp(_safe_norm_fwd, _safe_norm_bwd)


def range_residuals(position: jax.Array, anchors: jax.Array, ranges: jax.Array) -> jax.Array:
    return safe_norm(anchors - position) - ranges
