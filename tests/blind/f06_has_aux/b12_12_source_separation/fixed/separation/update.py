"""Update-step factory: pairs a loss with an optax-like (init, update) optimizer."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable
    update: Callable


def adam(lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return (zeros, zeros, jnp.zeros((), jnp.int32))

    def update(grads, state):
        m, v, t = state
        t = t + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
        scale = lr * jnp.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        steps = jax.tree.map(lambda m, v: -scale * m / (jnp.sqrt(v) + eps), m, v)
        return steps, (m, v, t)

    return Optimizer(init, update)


def make_update(loss_fn, optimizer):
    grad_fn = jax.grad(loss_fn, has_aux=True)

    @jax.jit
    def update(params, opt_state, batch):
        grads, metrics = grad_fn(params, batch)
        steps, opt_state = optimizer.update(grads, opt_state)
        params = jax.tree.map(jnp.add, params, steps)
        return params, opt_state, metrics

    return update
