"""Scaled dot-product attention scores with a hand-written VJP for softmax."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def stable_softmax(z):
    return jax.nn.softmax(z, axis=-1)


def _fwd(z):
    p = jax.nn.softmax(z, axis=-1)
    return p, p, z.shape


def _bwd(res, g):
    p, _ = res
    return (p * (g - jnp.sum(g * p, axis=-1, keepdims=True)),)


stable_softmax.defvjp(_fwd, _bwd)


def attend(q, k, v):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return stable_softmax(scores) @ v
