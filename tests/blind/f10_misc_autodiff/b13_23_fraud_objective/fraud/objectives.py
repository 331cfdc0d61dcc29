"""Objectives for a linear transaction-fraud scorer, selectable by name."""

import jax.numpy as jnp

OBJECTIVES = {}


def register(name):
    def deco(fn):
        OBJECTIVES[name] = fn
        return fn

    return deco


def scores(w, x):
    return x @ w[:-1] + w[-1]


@register("logistic")
def logistic(w, x, y):
    s = scores(w, x)
    return jnp.mean(jnp.logaddexp(0.0, s) - y * s)


@register("weighted_logistic")
def weighted_logistic(w, x, y, pos_weight=20.0):
    s = scores(w, x)
    return jnp.mean((1 + (pos_weight - 1) * y) * jnp.logaddexp(0.0, s) - pos_weight * y * s)


@register("missed_frauds")
def missed_frauds(w, x, y, threshold=0.0):
    flagged = scores(w, x) > threshold
    return jnp.sum((y == 1) & ~flagged)
