"""Logistic regression whose linear score has a fused, hand-written backward pass."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Linear(NamedTuple):
    w: jax.Array
    b: jax.Array


@jax.custom_vjp
def score(params, x):
    return x @ params.w + params.b


def score_fwd(params, x):
    return score(params, x), (params, x)


def score_bwd(res, g):
    params, x = res
    grads = {"w": x.T @ g, "b": jnp.sum(g, axis=0)}
    return grads, g @ params.w.T


score.defvjp(score_fwd, score_bwd)


def nll(params, x, labels):
    logits = score(params, x)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))
