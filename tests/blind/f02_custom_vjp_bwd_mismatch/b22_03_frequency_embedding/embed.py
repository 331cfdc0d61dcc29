"""Embedding lookup with a learned per-row scale and a sparse backward pass."""

import jax
import jax.numpy as jnp


def make_lookup(cfg):
    """Build ``lookup(table, row_scale, ids) -> (..., dim)`` for an ``EmbedConfig``."""

    @jax.custom_vjp
    def lookup(table, row_scale, ids):
        return table[ids] * row_scale[ids][..., None]

    def fwd(table, row_scale, ids):
        return lookup(table, row_scale, ids), (table, row_scale, ids)

    def bwd(res, g):
        table, row_scale, ids = res
        flat_ids = ids.reshape(-1)
        g = g.reshape(-1, cfg.dim)
        g_rows = g * row_scale[flat_ids][:, None]
        g_dot = jnp.sum(g * table[flat_ids], axis=-1)
        g_table = jax.ops.segment_sum(g_rows, flat_ids, num_segments=cfg.vocab_size)
        g_scale = jax.ops.segment_sum(g_dot, flat_ids, num_segments=cfg.vocab_size)
        return g_table, g_scale, None

    lookup.defvjp(fwd, bwd)
    return lookup
