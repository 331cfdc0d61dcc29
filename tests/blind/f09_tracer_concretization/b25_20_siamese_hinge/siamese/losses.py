"""Contrastive loss (Hadsell et al., 2006) on embedding distances."""

from __future__ import annotations

import jax
import jax.numpy as jnp


def contrastive_pair_loss(e1, e2, same, margin=0.5):
    """Pull genuine pairs together; push forgeries at least ``margin`` apart."""
    d = jnp.sqrt(jnp.sum((e1 - e2) ** 2) + 1e-9)
    push = max(0.0, margin - d)
    return same * d**2 + (1.0 - same) * push**2


def batch_contrastive(encoder, params, x1, x2, same, margin=0.5):
    embed = lambda x: encoder(params, x)
    per_pair = jax.vmap(
        lambda a, b, s: contrastive_pair_loss(embed(a), embed(b), s, margin)
    )(x1, x2, same)
    return jnp.mean(per_pair)
