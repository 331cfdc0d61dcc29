"""Saliency: the gradient of one class score with respect to the input samples."""

import jax
import jax.numpy as jnp

from ecg.net import CLASSES, logits


def class_seed(scores, name):
    """Cotangent for `scores` selecting the score of class `name`."""
    return jnp.zeros_like(scores).at[..., CLASSES.index(name)].set(1.0)


def saliency(params, beats, name):
    scores, pullback = jax.vjp(lambda x: logits(params, x), beats)
    (grad_beats,) = pullback(class_seed(scores, name))
    return jnp.abs(grad_beats)
