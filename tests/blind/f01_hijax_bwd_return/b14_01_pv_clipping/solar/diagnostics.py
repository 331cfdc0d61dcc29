"""Small summaries of backward-pass quantities, for the training dashboard."""
from types import SimpleNamespace

import jax.numpy as jnp


def clipping_summary(grad, clipped):
    """Fraction of clipped intervals and the mean cotangent magnitude."""
    frac = jnp.mean(clipped.astype(jnp.float32))
    mag = jnp.mean(jnp.abs(grad))
    return SimpleNamespace(clipped_fraction=frac, grad_magnitude=mag)
