"""Objectives and metrics for multi-label tagging, selectable by name."""
import jax
import jax.numpy as jnp


def bce(logits, labels):
    return jnp.mean(jax.nn.softplus(logits) - labels * logits)


def hamming(logits, labels):
    return jnp.sum((logits > 0) != (labels > 0.5))


def focal(logits, labels, gamma=2.0):
    p = jax.nn.sigmoid(logits)
    pt = jnp.where(labels > 0.5, p, 1 - p)
    return jnp.mean(-((1 - pt) ** gamma) * jnp.log(pt + 1e-9))


OBJECTIVES = {"bce": bce, "hamming": hamming, "focal": focal}
