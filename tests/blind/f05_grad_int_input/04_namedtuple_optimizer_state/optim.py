"""Adam written by hand, with its state in a NamedTuple."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    params: jax.Array
    mu: jax.Array
    nu: jax.Array
    count: jax.Array


def init(params):
    return TrainState(params, jnp.zeros_like(params), jnp.zeros_like(params), jnp.zeros((), jnp.int32))


def adam_update(state, grads, lr=0.05, b1=0.9, b2=0.999, eps=1e-8):
    count = state.count + 1
    mu = b1 * state.mu + (1 - b1) * grads
    nu = b2 * state.nu + (1 - b2) * grads**2
    mu_hat = mu / (1 - b1**count)
    nu_hat = nu / (1 - b2**count)
    params = state.params - lr * mu_hat / (jnp.sqrt(nu_hat) + eps)
    return TrainState(params, mu, nu, count)
