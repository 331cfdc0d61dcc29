"""Coordinate directions for forward-mode probes."""
import jax.numpy as jnp


def basis(n, i):
    """The i-th unit vector of R^n."""
    return (jnp.arange(n) == i).astype(jnp.float32)


def all_basis(n):
    return [basis(n, i) for i in range(n)]
