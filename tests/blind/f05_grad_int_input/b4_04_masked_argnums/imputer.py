"""A low-rank matrix completion model: only observed entries enter the loss."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Factors(NamedTuple):
    u: jax.Array
    v: jax.Array


def init_factors(key, n_rows, n_cols, rank):
    ku, kv = jax.random.split(key)
    return Factors(0.1 * jax.random.normal(ku, (n_rows, rank)),
                   0.1 * jax.random.normal(kv, (n_cols, rank)))


def masked_loss(factors, observed, ratings, l2=1e-3):
    pred = factors.u @ factors.v.T
    err = jnp.where(observed, pred - ratings, 0.0)
    reg = l2 * (jnp.sum(factors.u ** 2) + jnp.sum(factors.v ** 2))
    return jnp.sum(err ** 2) / jnp.maximum(jnp.sum(observed), 1) + reg
