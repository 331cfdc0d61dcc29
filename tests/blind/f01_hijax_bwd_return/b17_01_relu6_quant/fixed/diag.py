"""Backward-pass diagnostics for clipped activations."""
import jax.numpy as jnp


def clip_counter(x, lo, hi):
    """How many pre-activations sat on each rail of the clip."""
    return dict(low=jnp.sum(x <= lo), high=jnp.sum(x >= hi))
