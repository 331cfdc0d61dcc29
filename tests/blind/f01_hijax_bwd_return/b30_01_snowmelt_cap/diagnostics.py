"""Backward-pass diagnostics shared by the custom primitives."""
from operator import itemgetter

import jax.numpy as jnp

DEFAULT_KEYS = ("ct_max", "saturated")


def cotangent_stats(ct, mask):
    """Summary numbers of a cotangent and of where the forward pass saturated."""
    return {
        "ct_max": jnp.max(jnp.abs(ct)),
        "ct_mean": jnp.mean(jnp.abs(ct)),
        "saturated": jnp.mean(mask.astype(jnp.float32)),
    }


def select(logs, keys=DEFAULT_KEYS):
    """Keep only the requested entries of a log dict."""
    return itemgetter(*keys)(logs)
