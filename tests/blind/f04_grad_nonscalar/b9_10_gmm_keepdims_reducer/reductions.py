"""Reductions over the batch axis that keep shapes broadcastable by default."""
import jax.numpy as jnp


def batch_mean(x, keepdims=True):
    return jnp.mean(x, axis=0, keepdims=keepdims)


def standardize(x):
    return (x - batch_mean(x)) / jnp.sqrt(batch_mean((x - batch_mean(x)) ** 2) + 1e-6)
