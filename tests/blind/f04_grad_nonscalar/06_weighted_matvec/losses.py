"""Importance-weighted regression loss."""

import jax.numpy as jnp


def weighted_mse(pred, target, weights):
    sq = (pred - target) ** 2  # (batch, 1)
    return weights @ sq / jnp.sum(weights)  # weights: (batch,)
