"""Attach gradients selected by parameter name to model functions."""
import inspect

import jax


def gradient_wrt(*names):
    """Give `fn` a `.grad` attribute differentiating the named parameters."""

    def deco(fn):
        params = list(inspect.signature(fn).parameters)
        argnums = tuple(params.index(n) for n in names)
        fn.grad = jax.grad(fn, argnums=argnums[0] if len(argnums) == 1 else argnums)
        return fn

    return deco
