"""Categorical-policy helpers working on logits."""

import jax
import jax.numpy as jnp


def log_prob(logits, actions):
    logp = jax.nn.log_softmax(logits)
    return jnp.take_along_axis(logp, actions[:, None], axis=-1)[:, 0]


def mean_entropy(logits):
    """Average entropy of the action distributions over a batch of states."""
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(jnp.exp(logp) * logp, axis=-1)
