"""Padding masks and masked reductions for variable-length batches."""
import jax.numpy as jnp


def padding_mask(lengths, max_len):
    """(batch, max_len) boolean mask, True on real tokens."""
    return jnp.arange(max_len)[None, :] < lengths[:, None]


def masked_mean(x, mask):
    mask = mask.astype(x.dtype)
    return jnp.sum(x * mask) / jnp.maximum(jnp.sum(mask), 1.0)
