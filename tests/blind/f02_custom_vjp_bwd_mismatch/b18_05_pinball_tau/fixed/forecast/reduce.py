"""Reductions used by the forecasting losses."""
import jax.numpy as jnp


def over_batch(x):
    """Sum a per-example quantity over the leading (batch) axis."""
    return jnp.sum(x, axis=0)


def over_all(x):
    return jnp.sum(x)
