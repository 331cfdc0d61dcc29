"""Logistic regression whose loss also reports the prediction it made."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LossOutput(NamedTuple):
    loss: jax.Array
    prob: jax.Array


def example_loss(w, x, y):
    prob = jax.nn.sigmoid(x @ w)
    loss = -(y * jnp.log(prob + 1e-7) + (1 - y) * jnp.log(1 - prob + 1e-7))
    return LossOutput(loss, prob)
