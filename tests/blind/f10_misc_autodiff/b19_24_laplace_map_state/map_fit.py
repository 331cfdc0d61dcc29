"""Minibatch MAP estimation that returns the estimate with the sampler's key."""

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class MapResult(NamedTuple):
    params: Any
    rng: jax.Array


def fit_map(neg_log_joint, params, x, y, key, steps=200, batch=64, lr=0.05):
    grad_fn = jax.jit(jax.grad(neg_log_joint))
    n = x.shape[0]
    for _ in range(steps):
        key, sub = jax.random.split(key)
        idx = jax.random.choice(sub, n, (batch,), replace=False)
        g = grad_fn(params, x[idx], y[idx])
        params = jax.tree.map(lambda p, gi: p - lr * gi * batch / n, params, g)
    return MapResult(params, key)
