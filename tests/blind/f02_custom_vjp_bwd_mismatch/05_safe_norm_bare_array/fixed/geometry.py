"""Numerically safe vector norm (finite gradient at the origin)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v, axis=-1))


def safe_norm_fwd(v):
    n = jnp.sqrt(jnp.sum(v * v, axis=-1))
    return n, (v, n)


def safe_norm_bwd(res, g):
    v, n = res
    scale = jnp.where(n > 0, g / jnp.where(n > 0, n, 1.0), 0.0)
    return (scale[..., None] * v,)


safe_norm.defvjp(safe_norm_fwd, safe_norm_bwd)
