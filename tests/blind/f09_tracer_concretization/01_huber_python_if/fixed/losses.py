"""Robust losses."""

import jax.numpy as jnp


def huber(residual, delta=1.0):
    a = jnp.abs(residual)
    return jnp.where(a > delta, delta * (a - 0.5 * delta), 0.5 * a**2)


def total_huber(pred, target):
    return sum(huber(r) for r in pred - target)
