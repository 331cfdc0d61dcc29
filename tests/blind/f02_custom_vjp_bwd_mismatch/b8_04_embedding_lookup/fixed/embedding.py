"""Embedding lookup with a custom VJP (the default gather transpose is slow on
our accelerator, so the backward pass is written by hand)."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def lookup(table, ids):
    return jnp.take(table, ids, axis=0)


def lookup_fwd(table, ids):
    return lookup(table, ids), (ids, table.shape)


def lookup_bwd(res, g):
    ids, table_shape = res
    # rows of the table that were gathered receive the incoming gradient
    d_table = jnp.zeros(table_shape, g.dtype).at[ids].add(g)
    return d_table, None


lookup.defvjp(lookup_fwd, lookup_bwd)
