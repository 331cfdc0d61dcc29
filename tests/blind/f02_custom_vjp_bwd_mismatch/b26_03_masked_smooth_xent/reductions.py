"""Reductions shared by the loss functions and the evaluation code."""
import jax.numpy as jnp


def token_nll(log_probs, targets):
    """Negative log-likelihood of each row of soft targets, kept as a column."""
    return -jnp.sum(targets * log_probs, axis=-1, keepdims=True)


def smooth_labels(labels, num_classes, smoothing):
    onehot = jnp.eye(num_classes)[labels]
    return onehot * (1.0 - smoothing) + smoothing / num_classes
