"""Decorators that add penalties to a ``(loss, metrics)`` loss function."""
import functools

import jax
import jax.numpy as jnp


def with_l2(scale):
    def decorate(loss_fn):
        @functools.wraps(loss_fn)
        def wrapped(params, *args, **kwargs):
            loss, metrics = loss_fn(params, *args, **kwargs)
            penalty = scale * sum(jnp.sum(w**2) for w in jax.tree.leaves(params))
            return loss + penalty, metrics, penalty
        return wrapped
    return decorate
