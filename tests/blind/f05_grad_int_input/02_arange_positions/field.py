"""A smooth scalar field sampled on grid points."""

import jax.numpy as jnp


def grid(n):
    return jnp.arange(n)


def potential(x, centre=3.5, width=2.0):
    return jnp.sum(jnp.exp(-((x - centre) ** 2) / width))
