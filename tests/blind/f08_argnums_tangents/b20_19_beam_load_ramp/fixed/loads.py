"""Distributed load patterns for beam analysis, sampled at the element midpoints."""
import jax.numpy as jnp


def uniform(n_elements, w=1.0):
    return jnp.full(n_elements, w)


def triangular_ramp(n_elements):
    """Load rising linearly from the left support, in units of the element index."""
    return jnp.arange(n_elements, dtype=jnp.float32)


PATTERNS = {"uniform": uniform, "ramp": triangular_ramp}
