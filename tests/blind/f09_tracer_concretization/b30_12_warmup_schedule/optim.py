"""Heavy-ball momentum as an (init, update) pair driven by a schedule."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from schedules import Schedule


class MomentumState(NamedTuple):
    count: jax.Array
    velocity: dict


def momentum(schedule: Schedule, beta=0.9):
    def init(params):
        return MomentumState(jnp.zeros((), jnp.int32), jax.tree.map(jnp.zeros_like, params))

    def update(grads, state, params):
        lr = schedule(state.count)
        velocity = jax.tree.map(lambda v, g: beta * v + g, state.velocity, grads)
        params = jax.tree.map(lambda p, v: p - lr * v, params, velocity)
        return params, MomentumState(state.count + 1, velocity)

    return init, update
