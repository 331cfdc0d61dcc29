"""Inverse-frequency class weights for imbalanced classification."""

import jax.numpy as jnp


def class_weights(labels, n_classes):
    classes, counts = jnp.unique(labels, return_counts=True)
    freq = jnp.zeros(n_classes).at[classes].set(counts / labels.shape[0])
    return jnp.where(freq > 0, 1.0 / (n_classes * freq), 0.0)
