"""Clipped activation with a cheap backward pass driven by a saved mask."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Cache(NamedTuple):
    out: jax.Array
    x: jax.Array
    mask: jax.Array


@jax.custom_vjp
def relu6(x: jax.Array) -> jax.Array:
    return jnp.clip(x, 0.0, 6.0)


def _relu6_fwd(x):
    y = jnp.clip(x, 0.0, 6.0)
    return Cache(out=y, x=x, mask=(x > 0.0) & (x < 6.0))


def _relu6_bwd(cache: Cache, g):
    return (jnp.where(cache.mask, g, 0.0),)


relu6.defvjp(_relu6_fwd, _relu6_bwd)
