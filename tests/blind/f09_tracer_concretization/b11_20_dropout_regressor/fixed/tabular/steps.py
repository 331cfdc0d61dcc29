"""Jitted training and evaluation steps."""

from functools import partial

import jax
import jax.numpy as jnp

from tabular.layers import mlp


def mse(params, x, y, key, rate, training):
    return jnp.mean((mlp(params, x, key, rate, training) - y) ** 2)


@partial(jax.jit, static_argnames=("rate", "training"))
def sgd_step(params, x, y, key, lr, rate, training):
    loss, grads = jax.value_and_grad(mse)(params, x, y, key, rate, training)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss
