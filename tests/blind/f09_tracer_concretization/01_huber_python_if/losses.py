"""Robust losses."""

import jax.numpy as jnp


def huber(residual, delta=1.0):
    a = jnp.abs(residual)
    if a > delta:
        return delta * (a - 0.5 * delta)
    return 0.5 * a**2


def total_huber(pred, target):
    return sum(huber(r) for r in pred - target)
