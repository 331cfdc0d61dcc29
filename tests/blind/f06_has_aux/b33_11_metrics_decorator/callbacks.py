"""Metric instrumentation shared across models (platform team)."""
import functools

import jax.numpy as jnp


def with_metrics(*names):
    """Wrap a loss `f(params, batch) -> (loss, preds)` to also report named metrics."""
    def deco(loss_fn):
        @functools.wraps(loss_fn)
        def wrapped(params, batch):
            loss, preds = loss_fn(params, batch)
            metrics = {n: METRICS[n](preds, batch) for n in names}
            return loss, metrics
        return wrapped
    return deco


METRICS = {
    "accuracy": lambda p, b: jnp.mean((p > 0.5) == (b["y"] > 0.5)),
    "mean_pred": lambda p, b: jnp.mean(p),
}
