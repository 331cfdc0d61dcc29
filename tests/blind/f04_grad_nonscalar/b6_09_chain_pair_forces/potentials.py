"""Pair potentials of one bond length, looked up by name."""

import functools

import jax.numpy as jnp

POTENTIALS = {}


def register(name):
    def deco(fn):
        POTENTIALS[name] = fn
        return fn

    return deco


@register("morse")
def morse(r, depth=1.0, width=1.5, r0=1.0):
    return depth * (1.0 - jnp.exp(-width * (r - r0))) ** 2


@register("harmonic")
def harmonic(r, k=10.0, r0=1.0):
    return 0.5 * k * (r - r0) ** 2


def make_potential(name, **params):
    return functools.partial(POTENTIALS[name], **params)
