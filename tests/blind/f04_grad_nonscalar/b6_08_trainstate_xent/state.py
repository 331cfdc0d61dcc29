"""A flax-like train state: parameters, an optimizer and a step counter."""

import dataclasses
from typing import Any, Callable

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: Any
    opt_state: Any
    step: jax.Array
    apply_fn: Callable = dataclasses.field(metadata=dict(static=True))
    tx_update: Callable = dataclasses.field(metadata=dict(static=True))

    def apply_gradients(self, grads):
        updates, opt_state = self.tx_update(grads, self.opt_state)
        params = jax.tree.map(lambda p, u: p + u, self.params, updates)
        return dataclasses.replace(self, params=params, opt_state=opt_state, step=self.step + 1)


def sgd(learning_rate, momentum=0.9):
    def init(params):
        return jax.tree.map(lambda p: 0.0 * p, params)

    def update(grads, velocity):
        velocity = jax.tree.map(lambda v, g: momentum * v + g, velocity, grads)
        return jax.tree.map(lambda v: -learning_rate * v, velocity), velocity

    return init, update


def make_train_step(loss_fn):
    @jax.jit
    def train_step(state, batch):
        loss, grads = jax.value_and_grad(loss_fn)(state.params, state.apply_fn, batch)
        return state.apply_gradients(grads), loss

    return train_step
