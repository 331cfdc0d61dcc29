"""Class-balanced focal loss for a long-tailed classifier."""

import jax
import jax.numpy as jnp

from pkg.modulator import modulator


def focal_loss(logits, labels, gamma, alpha):
    probs = jax.nn.softmax(logits, axis=-1)
    onehot = jax.nn.one_hot(labels, logits.shape[-1])
    p_true = jnp.sum(probs * onehot, axis=-1, keepdims=True)
    weight = modulator(p_true * onehot + (1.0 - onehot) * probs, gamma)
    nll = -jnp.log(jnp.clip(probs, 1e-7, 1.0))
    return jnp.mean(jnp.sum(alpha * weight * nll * onehot, axis=-1))
