"""Backward-pass logging helpers shared by the primitives."""
from collections import OrderedDict

import jax.numpy as jnp


def grad_summary(prefix, **grads):
    # Sorted so that the log keys come out in the same order on every run.
    entries = ((f"{prefix}/{name}", jnp.sqrt(jnp.sum(g * g))) for name, g in grads.items())
    return OrderedDict(sorted(entries))
