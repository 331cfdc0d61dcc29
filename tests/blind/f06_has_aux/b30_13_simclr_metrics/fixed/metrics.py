"""Metric functions over a logits matrix whose diagonal holds the positives."""
import functools

import jax.numpy as jnp


def with_metrics(*metric_fns):
    """Turn ``fn -> (loss, logits)`` into ``fn -> (loss, metrics)`` for has_aux gradients."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            loss, logits = fn(*args, **kwargs)
            return loss, {m.__name__: m(logits) for m in metric_fns}
        return wrapped
    return decorate


def top1(logits):
    targets = jnp.arange(logits.shape[0])
    return jnp.mean(jnp.argmax(logits, axis=-1) == targets)


def positive_margin(logits):
    diag = jnp.diagonal(logits)
    off = jnp.where(jnp.eye(logits.shape[0], dtype=bool), -jnp.inf, logits)
    return jnp.mean(diag - jnp.max(off, axis=-1))
