"""Expectations under the softmax weights of a bag's instances."""

import jax
import jax.numpy as jnp


def softmax_weights(scores, temperature):
    return jax.nn.softmax(scores / temperature, axis=-1)


def weighted_tangent(weights, scores_dot):
    """d/dε LSE(s + ε ds) = <softmax(s), ds>, one value per bag."""
    return jnp.sum(weights * scores_dot)
