"""Linear spam classifier on hashed token features."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp

from spamfilter.losses import LOSSES


class TrainConfig(NamedTuple):
    loss: str = "hinge"
    learning_rate: float = 0.1
    l2: float = 1e-4
    epochs: int = 40


def objective(params, features, labels, loss_name):
    logits = features @ params["w"] + params["b"]
    return LOSSES[loss_name](logits, labels)


@functools.partial(jax.jit, static_argnames=("loss_name",))
def train_step(params, features, labels, loss_name, l2, lr):
    (loss, stats), grads = jax.value_and_grad(objective, has_aux=True)(params, features, labels, loss_name)
    grads = {**grads, "w": grads["w"] + l2 * params["w"]}
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss, stats
