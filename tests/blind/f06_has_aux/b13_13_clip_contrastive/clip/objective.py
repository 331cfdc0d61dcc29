"""Symmetric InfoNCE loss; the similarity logits are also used for retrieval metrics."""

import jax
import jax.numpy as jnp

from clip.model import embed


def contrastive_loss(params, batch):
    zi = embed(params["img"], batch["images"])
    zt = embed(params["txt"], batch["captions"])
    logits = jnp.exp(params["log_temp"]) * zi @ zt.T
    labels = jnp.arange(logits.shape[0])
    li = -jnp.mean(jax.nn.log_softmax(logits, axis=1)[labels, labels])
    lt = -jnp.mean(jax.nn.log_softmax(logits, axis=0)[labels, labels])
    return 0.5 * (li + lt), logits


def recall_at_1(logits):
    return jnp.mean(jnp.argmax(logits, axis=1) == jnp.arange(logits.shape[0]))
