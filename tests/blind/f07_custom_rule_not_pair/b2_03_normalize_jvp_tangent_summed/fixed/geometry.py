"""Unit-vector normalisation with a hand-written JVP (projection onto the tangent plane)."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def normalize(v):
    return v / jnp.linalg.norm(v, axis=-1, keepdims=True)


@normalize.defjvp
def _normalize_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    norm = jnp.linalg.norm(v, axis=-1, keepdims=True)
    u = v / norm
    du = (dv - u * jnp.sum(u * dv, axis=-1, keepdims=True)) / norm
    return u, du
