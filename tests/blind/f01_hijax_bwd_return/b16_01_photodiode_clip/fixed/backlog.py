"""Backward-pass log entries shared by the detector primitives."""
from collections import ChainMap

import jax.numpy as jnp

DEFAULT_LOGS = {
    "saturated_fraction": jnp.float32(0.0),
    "max_cotangent": jnp.float32(0.0),
}


def with_defaults(entries):
    """Fill in the entries a primitive did not report, so every step logs the same keys."""
    return dict(ChainMap(entries, DEFAULT_LOGS))
