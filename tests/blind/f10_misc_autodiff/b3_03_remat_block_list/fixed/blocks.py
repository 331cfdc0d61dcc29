"""Residual blocks with activation checkpointing."""
import functools

import jax
import jax.numpy as jnp

REMAT_STATIC = (2,)


@functools.partial(jax.checkpoint, static_argnums=REMAT_STATIC)
def residual_block(params, x, activation):
    h = x @ params["w1"]
    h = jax.nn.relu(h) if activation == "relu" else jax.nn.gelu(h)
    return x + h @ params["w2"]


def init_block(key, width, hidden):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (width, hidden)) / jnp.sqrt(width),
        "w2": jax.random.normal(k2, (hidden, width)) / jnp.sqrt(hidden) * 0.1,
    }
