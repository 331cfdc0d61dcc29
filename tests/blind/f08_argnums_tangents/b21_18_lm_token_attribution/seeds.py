"""Cotangent seeds for attribution: which output score to explain."""
import jax
import jax.numpy as jnp


def one_hot_seed(target_ids, vocab):
    """Seed that selects the logit of each example's target token."""
    return jax.nn.one_hot(target_ids, vocab)
