"""Gradient transformations as (init, update) pairs, chained like optax."""

from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def chain(*transforms):
    def init(params):
        return tuple(t.init(params) for t in transforms)

    def update(updates, state, params):
        new_state = []
        for t, s in zip(transforms, state):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init, update)


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-6):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return (zeros, zeros, jnp.zeros((), jnp.float32))

    def update(updates, state, params):
        m, v, t = state
        t = t + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, updates)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, v, updates)
        out = jax.tree.map(lambda m, v: (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + eps), m, v)
        return out, (m, v, t)

    return GradientTransformation(init, update)


def add_decayed_weights(weight_decay):
    def update(updates, state, params):
        return jax.tree.map(lambda u, p: u + weight_decay * p, updates, params), state

    return GradientTransformation(lambda params: (), update)


def scale_by_trust_ratio():
    """LAMB's layer-wise trust ratio ||p|| / ||u||, left at 1 for zero norms."""

    def ratio(u, p):
        p_norm, u_norm = jnp.linalg.norm(p), jnp.linalg.norm(u)
        if p_norm > 0 and u_norm > 0:
            return u * (p_norm / u_norm)
        return u

    def update(updates, state, params):
        return jax.tree.map(ratio, updates, params), state

    return GradientTransformation(lambda params: (), update)


def scale(step_size):
    def update(updates, state, params):
        return jax.tree.map(lambda u: step_size * u, updates), state

    return GradientTransformation(lambda params: (), update)


def lamb(learning_rate, weight_decay=1e-4):
    return chain(scale_by_adam(), add_decayed_weights(weight_decay), scale_by_trust_ratio(), scale(-learning_rate))
