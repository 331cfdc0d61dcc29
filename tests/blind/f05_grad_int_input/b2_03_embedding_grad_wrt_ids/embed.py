"""Bag-of-embeddings scorer for short token sequences."""

import jax.numpy as jnp


def sequence_score(token_ids, table, readout):
    pooled = jnp.mean(table[token_ids], axis=0)
    return jnp.dot(pooled, readout)
