"""Gradient clipping as an identity op with a custom backward pass."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, max_norm):
    return x


def _clip_fwd(x, max_norm):
    return x, max_norm


def _clip_bwd(max_norm, g):
    norm = jnp.linalg.norm(g)
    factor = jnp.minimum(1.0, max_norm[0] / (norm + 1e-12))
    return g * factor, norm


clip_gradient.defvjp(_clip_fwd, _clip_bwd)
