"""Reductions shared by the package's losses (PyTorch-style ``reduction=``)."""

import jax.numpy as jnp


def reduce_loss(values, reduction: str, weights=None):
    if weights is not None:
        values = values * weights
    if reduction == "mean":
        if weights is None:
            return jnp.mean(values)
        return jnp.sum(values) / jnp.sum(weights)
    if reduction == "sum":
        return jnp.sum(values)
    if reduction == "none":
        return values
