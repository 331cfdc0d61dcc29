"""Penalties that wrap a loss function."""

import functools

import jax.numpy as jnp


def sum_squares(x):
    return jnp.sum(x**2)


def add_weight_decay(loss_fn, lam, key="filters"):
    """Add lam * ||params[key]||^2 to a loss that returns (loss, aux)."""

    @functools.wraps(loss_fn)
    def regularised(params, *args, **kwargs):
        loss, aux = loss_fn(params, *args, **kwargs)
        return loss + lam * sum_squares(params[key]), aux

    return regularised
