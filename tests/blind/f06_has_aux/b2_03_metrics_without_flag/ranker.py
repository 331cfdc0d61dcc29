"""Pairwise ranking loss for a linear scorer, with training metrics."""

import jax
import jax.numpy as jnp


def pairwise_loss(w, feats_pos, feats_neg, margin=1.0):
    s_pos, s_neg = feats_pos @ w, feats_neg @ w
    hinge = jnp.maximum(0.0, margin - (s_pos - s_neg))
    metrics = {"violations": jnp.mean(hinge > 0), "gap": jnp.mean(s_pos - s_neg)}
    return jnp.mean(hinge), metrics
