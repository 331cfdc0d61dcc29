"""Gradient transformations in the optax style: (init, update) pairs that chain."""

from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def clip_by_global_norm(max_norm):
    def init(params):
        return ()

    def update(grads, state, params=None):
        norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
        scale = jnp.minimum(1.0, max_norm / norm)
        grads = jax.tree.map(lambda g: g * scale, grads)
        return grads, state

    return GradientTransformation(init, update)


def momentum(lr, beta=0.9):
    def init(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update(grads, state, params=None):
        state = jax.tree.map(lambda m, g: beta * m + g, state, grads)
        return jax.tree.map(lambda m: -lr * m, state), state

    return GradientTransformation(init, update)


def chain(*transforms):
    def init(params):
        return tuple(t.init(params) for t in transforms)

    def update(grads, state, params=None):
        new_state = []
        for t, s in zip(transforms, state):
            grads, s = t.update(grads, s, params)
            new_state.append(s)
        return grads, tuple(new_state)

    return GradientTransformation(init, update)
