"""A linear model with a running feature-mean normaliser (state)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    mean: jax.Array
    count: jax.Array


def init_state(n_features: int) -> State:
    return State(jnp.zeros((n_features,)), jnp.zeros(()))


def loss_and_state(params, state: State, batch):
    x, y = batch
    count = state.count + x.shape[0]
    mean = state.mean + (jnp.sum(x, axis=0) - x.shape[0] * state.mean) / count
    pred = (x - mean) @ params["w"] + params["b"]
    loss = jnp.mean((pred - y) ** 2)
    metrics = {"mae": jnp.mean(jnp.abs(pred - y))}
    return loss, metrics, State(mean, count)
