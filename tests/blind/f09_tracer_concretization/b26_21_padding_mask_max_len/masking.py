"""Padding masks and masked reductions for variable-length batches."""
import jax.numpy as jnp


def padding_mask(lengths):
    """(batch, max_len) boolean mask, True on real tokens."""
    max_len = jnp.max(lengths)
    return jnp.arange(max_len)[None, :] < lengths[:, None]


def masked_mean(x, mask):
    mask = mask.astype(x.dtype)
    return jnp.sum(x * mask) / jnp.maximum(jnp.sum(mask), 1.0)
