"""Small helpers for backward-pass diagnostics of the melt model."""
import jax.numpy as jnp


def fraction_above(x, threshold):
    return jnp.mean((x > threshold).astype(jnp.float32))


def pack_logs(names, values):
    """Pair diagnostic names with their values for the backward-pass log."""
    if len(names) != len(values):
        raise ValueError("names and values differ in length")
    return dict(zip(names, values))
