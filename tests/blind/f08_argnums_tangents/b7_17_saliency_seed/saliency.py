"""Input-gradient saliency maps computed with a VJP of the model's scores."""

import jax
import jax.numpy as jnp


def _seed(cfg):
    # one unit cotangent per example in the batch
    return jnp.ones((cfg["batch_size"],))


def saliency(score_fn, x, cfg):
    scores, pullback = jax.vjp(score_fn, x)
    (dx,) = pullback(_seed(cfg))
    if cfg["absolute"]:
        dx = jnp.abs(dx)
    return scores, dx
