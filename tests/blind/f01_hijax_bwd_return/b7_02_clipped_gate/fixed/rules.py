"""Decorators shared by the backward rules of our primitives."""

import functools

import jax.numpy as jnp


def clip_outgrad(max_norm):
    """Rescale the incoming cotangent to at most ``max_norm`` before the rule runs."""

    def wrap(bwd):
        @functools.wraps(bwd)
        def inner(self, res, g, *accums):
            norm = jnp.sqrt(jnp.sum(g * g))
            g = g * jnp.minimum(1.0, max_norm / (norm + 1e-6))
            bwd(self, res, g, *accums)

        return inner

    return wrap
