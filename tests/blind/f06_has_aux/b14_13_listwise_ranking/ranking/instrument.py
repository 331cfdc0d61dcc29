"""Decorators shared by the ranking objectives."""
import functools

import jax.numpy as jnp


def with_score_penalty(weight):
    """Add a penalty on large scores to an objective returning (loss, metrics)."""
    def decorate(objective):
        @functools.wraps(objective)
        def wrapped(params, batch):
            loss, metrics = objective(params, batch)
            penalty = weight * jnp.mean(batch["scores_cache"] ** 2)
            return loss + penalty, metrics, penalty
        return wrapped
    return decorate
