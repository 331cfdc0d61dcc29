"""Small helpers to report what the backward pass saw."""
import jax.numpy as jnp


def summarize(**stats):
    """Scalar summaries of backward-pass statistics, in a stable key order."""
    entries = {name: jnp.mean(value) for name, value in stats.items()}
    return dict(sorted(entries.items()))
