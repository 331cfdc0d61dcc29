"""Decorators shared by the losses of the contrastive trainer."""
import functools

import jax.numpy as jnp


def with_metrics(fn):
    """Return (loss, metrics) where metrics records the loss and its finiteness."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        loss = out[0] if isinstance(out, tuple) else out
        return out, {"loss": loss, "finite": jnp.isfinite(loss)}
    return wrapper
