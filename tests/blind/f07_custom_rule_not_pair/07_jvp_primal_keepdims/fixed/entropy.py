"""Softmax entropy per row, with a custom JVP that reuses the probabilities."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def row_entropy(logits):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.sum(jnp.exp(logp) * logp, axis=-1)


@row_entropy.defjvp
def _row_entropy_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    logp = jax.nn.log_softmax(z, axis=-1)
    p = jnp.exp(logp)
    h = -jnp.sum(p * logp, axis=-1, keepdims=True)
    dh = -jnp.sum(p * (logp + h) * dz, axis=-1)
    return h[..., 0], dh
