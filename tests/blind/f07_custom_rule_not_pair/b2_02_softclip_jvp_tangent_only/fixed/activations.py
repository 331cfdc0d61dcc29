"""Smooth clipping activation with a numerically safe derivative."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softclip(x, limit=3.0):
    return limit * jnp.tanh(x / limit)


@softclip.defjvp
def softclip_jvp(primals, tangents):
    x, limit = primals
    dx, _ = tangents
    sech2 = 1.0 - jnp.tanh(x / limit) ** 2
    return softclip(x, limit), sech2 * dx
