"""Coarse grid search used to start local optimisers in the right basin."""

import jax
import jax.numpy as jnp


def coarse_search(objective, lo, hi, num=201):
    """Best point of `objective` on an even grid over [lo, hi]."""
    grid = jnp.linspace(lo, hi, num)
    values = jax.vmap(objective)(grid)
    return jnp.argmax(values)
