"""Resampling schemes for sequential Monte Carlo (ported from a NumPy code base)."""
import jax
import jax.numpy as jnp


def offspring_counts(key, weights):
    """Systematic resampling expressed as the number of copies of each particle."""
    n = weights.shape[0]
    u = jax.random.uniform(key)
    cum = jnp.floor(n * jnp.cumsum(weights) + u)
    cum = jnp.minimum(cum, n)
    return jnp.diff(cum, prepend=0.0).astype(jnp.int32)


def systematic(key, particles, weights):
    counts = offspring_counts(key, weights)
    return jnp.repeat(particles, counts)
