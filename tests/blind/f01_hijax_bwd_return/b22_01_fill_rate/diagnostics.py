"""Backward-pass statistics for the planning primitives."""

import jax.numpy as jnp


def clamp_stats(name, cotangent, active):
    """Log entries for one backward pass of a clamp-like primitive."""
    yield f"{name}/active_fraction", jnp.mean(active.astype(jnp.float32))
    yield f"{name}/ct_norm", jnp.sqrt(jnp.sum(cotangent**2))
