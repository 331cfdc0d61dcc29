"""Layers written as plain functions over parameter dicts."""

import jax
import jax.numpy as jnp


def dense(p, x):
    return x @ p["w"] + p["b"]


def dropout(key, x, rate, training):
    if training:
        keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
        return jnp.where(keep, x / (1.0 - rate), 0.0)
    return x


def mlp(params, x, key, rate, training):
    keys = jax.random.split(key, len(params))
    for p, k in zip(params[:-1], keys):
        x = dropout(k, jax.nn.relu(dense(p, x)), rate, training)
    return dense(params[-1], x)[:, 0]
