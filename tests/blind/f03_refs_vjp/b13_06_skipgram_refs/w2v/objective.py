"""Skip-gram with negative sampling."""

import jax
import jax.numpy as jnp


def sgns_loss(table, center, context, negatives):
    emb = table[...]
    c = emb[center]
    pos = jnp.sum(c * emb[context], axis=-1)
    neg = jnp.einsum("bd,bkd->bk", c, emb[negatives])
    return -jnp.mean(jax.nn.log_sigmoid(pos) + jnp.sum(jax.nn.log_sigmoid(-neg), axis=-1))
