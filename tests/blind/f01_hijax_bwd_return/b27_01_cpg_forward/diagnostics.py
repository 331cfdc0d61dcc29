"""Backward-pass statistics shared by the HMM primitives."""
import jax.numpy as jnp

LOG_KEYS = ("max_ct_a", "max_ct_b")


def backward_stats(ct_a, ct_b):
    """Largest cotangent magnitude reaching each operand."""
    return map(lambda c: jnp.max(jnp.abs(c)), (ct_a, ct_b))
