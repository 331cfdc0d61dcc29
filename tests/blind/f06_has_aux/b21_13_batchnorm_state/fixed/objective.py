"""Classification objective returning the loss together with what the step needs."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from layers import mlp_forward


class LossOutput(NamedTuple):
    loss: jax.Array
    logits: jax.Array
    bn_stats: list


def classification_loss(params, bn_stats, images, labels, weight_decay=1e-4):
    logits, new_stats = mlp_forward(params, bn_stats, images, train=True)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    l2 = sum(jnp.sum(p["w"] ** 2) for p in params)
    return nll + weight_decay * l2, (logits, new_stats)
