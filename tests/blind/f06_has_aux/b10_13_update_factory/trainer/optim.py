"""Heavy-ball momentum as an (init, apply) pair."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable
    apply: Callable


def momentum(lr, beta=0.9):
    def init(params):
        return jax.tree.map(jnp.zeros_like, params)

    def apply(grads, velocity, params):
        velocity = jax.tree.map(lambda v, g: beta * v + g, velocity, grads)
        params = jax.tree.map(lambda p, v: p - lr * v, params, velocity)
        return params, velocity

    return Optimizer(init, apply)
