"""Named parameter initializers, looked up from a layer spec."""

from collections.abc import Callable

import jax
import jax.numpy as jnp

Initializer = Callable[[jax.Array, tuple[int, ...]], jax.Array]

INITIALIZERS: dict[str, Initializer] = {}


def register(name: str):
    def deco(fn: Initializer) -> Initializer:
        INITIALIZERS[name] = fn
        return fn

    return deco


@register("lecun")
def lecun_normal(key, shape):
    return jax.random.normal(key, shape) / jnp.sqrt(shape[0])


@register("zeros")
def zeros(key, shape):
    return jnp.full(shape, 0.0)


@register("ones")
def ones(key, shape):
    return jnp.ones(shape)
