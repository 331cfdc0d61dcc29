"""Linear-response tools for simulators written as ``step(x, *args)``."""

from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp


def linear_response(step: Callable, x, *args, aux: bool = False):
    """Jacobian of one simulator step with respect to its state ``x``.

    Set ``aux=True`` when the step returns ``(state, extra)``; the extra output
    is passed through unchanged.
    """
    return jax.jacrev(step, has_aux=aux)(x, *args)


def spectral_radius(jac):
    return jnp.max(jnp.abs(jnp.linalg.eigvals(jac)))
