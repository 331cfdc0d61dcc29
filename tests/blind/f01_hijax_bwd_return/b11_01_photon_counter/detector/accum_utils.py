"""Small helpers shared by the detector primitives' backward passes."""

import jax.numpy as jnp


def deliver(acc, ct, clip=None):
    """Accumulate a cotangent into `acc`, optionally clipped, and hand it back for logging."""
    if clip is not None:
        ct = jnp.clip(ct, -clip, clip)
    acc.accum(ct)
    return ct
