"""Robust kernels applied to reprojection error norms."""

from __future__ import annotations

import jax.numpy as jnp

ROBUST_LOSSES = {}


def register(name):
    def deco(fn):
        ROBUST_LOSSES[name] = fn
        return fn
    return deco


@register("l2")
def l2(r, scale):
    return 0.5 * r**2


@register("cauchy")
def cauchy(r, scale):
    return 0.5 * scale**2 * jnp.log1p((r / scale) ** 2)


@register("huber")
def huber(r, scale):
    return jnp.where(r < scale, 0.5 * r**2, scale * (r - 0.5 * scale))


def robust_loss(name: str):
    return ROBUST_LOSSES[name]
