"""Linear softmax policy and its clipped surrogate loss."""

import jax
import jax.numpy as jnp

from agent.ops import soft_clip


def log_probs(theta, ctx):
    return jax.nn.log_softmax(ctx @ theta, axis=-1)


def surrogate(theta, batch, cfg):
    ctx, actions, adv, old_logp = batch
    logp = jnp.take_along_axis(log_probs(theta, ctx), actions[:, None], axis=1)[:, 0]
    ratio = jnp.exp(logp - old_logp)
    clipped = 1.0 + soft_clip(ratio - 1.0, cfg.clip)
    return -jnp.mean(clipped * adv)
