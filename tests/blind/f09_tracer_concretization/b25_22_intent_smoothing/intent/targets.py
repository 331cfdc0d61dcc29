"""Target construction for classification losses."""

import jax
import jax.numpy as jnp


def infer_num_classes(labels):
    return labels.max() + 1


def smoothed_targets(labels, n_classes, smoothing):
    onehot = jax.nn.one_hot(labels, n_classes)
    return onehot * (1.0 - smoothing) + smoothing / n_classes
