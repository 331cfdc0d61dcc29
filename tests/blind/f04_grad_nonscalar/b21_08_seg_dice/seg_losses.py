"""Segmentation losses, registered by name so experiments can combine them."""
import jax
import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


@register("bce")
def pixel_bce(logits, masks):
    return jnp.mean(jnp.logaddexp(0.0, logits) - masks * logits)


@register("dice")
def soft_dice(logits, masks, eps=1.0):
    probs = jax.nn.sigmoid(logits)
    inter = jnp.sum(probs * masks, axis=(0, 1, 2))
    denom = jnp.sum(probs, axis=(0, 1, 2)) + jnp.sum(masks, axis=(0, 1, 2))
    dice = (2.0 * inter + eps) / (denom + eps)
    return 1.0 - dice


def combined(names, weights):
    fns = [LOSSES[n] for n in names]

    def loss(logits, masks):
        return sum(w * f(logits, masks) for w, f in zip(weights, fns))

    return loss
