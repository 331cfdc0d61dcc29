"""Cotangent seeds for the per-sample gradient estimators."""
import jax.numpy as jnp


def unit_seed(batch_size, dtype=jnp.float32):
    """A cotangent of ones: the VJP then sums the per-sample gradients."""
    return jnp.ones((batch_size, 1), dtype)


def td_error_seed(deltas):
    """Per-transition cotangent: the VJP then sums the TD-error-weighted gradients."""
    return jnp.ravel(deltas)
