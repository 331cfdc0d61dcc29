"""Regression losses, looked up by name from the experiment config."""

import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn

    return deco


@register("mse")
def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


@register("mae")
def mae(pred, target):
    return jnp.mean(jnp.abs(pred - target))


@register("huber")
def huber(pred, target, delta=1.0):
    r = jnp.abs(pred - target)
    quad = jnp.minimum(r, delta)
    return 0.5 * quad**2 + delta * (r - quad)
