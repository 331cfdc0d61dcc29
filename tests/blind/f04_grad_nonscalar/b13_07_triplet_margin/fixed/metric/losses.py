"""Losses for metric learning on face-crop embeddings."""

import jax.numpy as jnp


def pairwise_sq_dist(a, b):
    return jnp.sum((a - b) ** 2, axis=-1)


def triplet_loss(anchor, positive, negative, margin=0.2):
    d_ap = pairwise_sq_dist(anchor, positive)
    d_an = pairwise_sq_dist(anchor, negative)
    return jnp.mean(jnp.maximum(d_ap - d_an + margin, 0.0))
