"""Generic training engine: every registered model follows the ModelProtocol."""
from typing import Any, Protocol

import jax


class ModelProtocol(Protocol):
    def init(self, key) -> Any: ...

    def loss(self, params, batch) -> tuple[jax.Array, dict]:
        """Return (scalar loss, dict of auxiliary metrics)."""


def make_train_step(model: ModelProtocol, lr: float):
    @jax.jit
    def step(params, batch):
        (loss, aux), grads = jax.value_and_grad(model.loss, has_aux=True)(params, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss, aux

    return step
