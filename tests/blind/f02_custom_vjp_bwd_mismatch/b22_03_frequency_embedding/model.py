"""A bag-of-embeddings sentiment model."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from embed import make_lookup

SPECIAL_TOKENS = ("<pad>", "<unk>")


class EmbedConfig(NamedTuple):
    vocab_size: int = 50
    dim: int = 16
    max_len: int = 12


def init(key, cfg):
    k1, k2 = jax.random.split(key)
    n_rows = cfg.vocab_size + len(SPECIAL_TOKENS)
    return {
        "table": 0.1 * jax.random.normal(k1, (n_rows, cfg.dim)),
        "row_scale": jnp.ones((n_rows,)),
        "head": 0.1 * jax.random.normal(k2, (cfg.dim,)),
    }


def make_loss(cfg):
    lookup = make_lookup(cfg)

    def loss(params, ids, labels):
        vecs = lookup(params["table"], params["row_scale"], ids)
        mask = (ids != 0)[..., None]
        pooled = jnp.sum(vecs * mask, axis=1) / jnp.maximum(jnp.sum(mask, axis=1), 1)
        logits = pooled @ params["head"]
        return jnp.mean(jax.nn.softplus(logits) - labels * logits)

    return loss
