"""Layers with train/eval behaviour selected by a `deterministic` flag."""
import jax
import jax.numpy as jnp


def dense(params, x):
    return x @ params["w"] + params["b"]


def dropout(x, rate, key, deterministic):
    if deterministic or rate == 0.0:
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)
