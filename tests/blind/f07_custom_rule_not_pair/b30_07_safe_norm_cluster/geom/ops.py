"""Norms whose derivative stays finite at the origin."""
import jax
import jax.numpy as jnp

from geom.linalg import rowdot


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v, axis=-1))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    r = safe_norm(v)
    inv_r = jnp.where(r > 0, 1.0 / jnp.where(r > 0, r, 1.0), 0.0)
    return r, rowdot(v, dv) * inv_r
