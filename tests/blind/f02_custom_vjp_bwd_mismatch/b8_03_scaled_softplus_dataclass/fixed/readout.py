"""Scaled softplus readout with a numerically careful hand-written VJP."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from params import ReadoutParams


@jax.custom_vjp
def scaled_softplus(p: ReadoutParams, z: jax.Array) -> jax.Array:
    return p.scale * jax.nn.softplus(z + p.shift)


def _fwd(p: ReadoutParams, z: jax.Array):
    u = z + p.shift
    sp = jax.nn.softplus(u)
    return p.scale * sp, (p.scale, sp, jax.nn.sigmoid(u))


def _bwd(res, g: jax.Array):
    scale, sp, sig = res
    dz = g * scale * sig
    d_scale = jnp.sum(g * sp, axis=0)
    d_shift = jnp.sum(dz, axis=0)
    return ReadoutParams(scale=d_scale, shift=d_shift), dz


scaled_softplus.defvjp(_fwd, _bwd)
