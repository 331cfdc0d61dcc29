"""Weighted reductions shared by pooling ops and attention read-outs."""
import jax.numpy as jnp


def weighted_sum(weights, values):
    """sum_j w_j * v_j along the last axis."""
    return jnp.sum(weights * values)


def weighted_mean(weights, values):
    return weighted_sum(weights, values) / jnp.sum(weights, axis=-1)
