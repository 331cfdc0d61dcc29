"""Train state and the jitted mixed-precision step of a small text classifier."""

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from precision import LossScale, all_finite, cast_to_compute


class TrainState(NamedTuple):
    params: Any
    loss_scale: LossScale
    step: jax.Array


def classifier_loss(params, tokens, labels):
    p = cast_to_compute(params)
    emb = jnp.mean(p["embed"][tokens], axis=1)
    logits = (emb @ p["head"]).astype(jnp.float32)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def train_step(state, tokens, labels, lr=0.05):
    def scaled_loss(params):
        loss = classifier_loss(params, tokens, labels)
        return state.loss_scale.scale_loss(loss), loss

    grads, loss = jax.grad(scaled_loss, has_aux=True)(state.params)
    grads = state.loss_scale.unscale(grads)
    finite = all_finite(grads)
    params = jax.tree.map(
        lambda p, g: jnp.where(finite, p - lr * g, p), state.params, grads
    )
    return TrainState(params, state.loss_scale.adjust(finite), state.step + 1), loss
