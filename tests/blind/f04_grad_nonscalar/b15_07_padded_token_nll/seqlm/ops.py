"""Masking utilities for padded token batches."""
import jax.numpy as jnp


def padding_mask(lengths, max_len):
    return (jnp.arange(max_len)[None, :] < lengths[:, None]).astype(jnp.float32)


def masked_mean(x, mask):
    """Mean of `x` over the real (non-padding) tokens."""
    return jnp.sum(x * mask, axis=-1) / jnp.maximum(jnp.sum(mask, axis=-1), 1.0)
