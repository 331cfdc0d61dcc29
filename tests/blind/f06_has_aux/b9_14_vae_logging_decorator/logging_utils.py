"""Decorators that surface training diagnostics from inside traced code."""
import functools

import jax


def log_metrics(every=1):
    """Print the metrics dict a loss returns beside its value."""

    def deco(loss_fn):
        @functools.wraps(loss_fn)
        def wrapped(*args, **kwargs):
            loss, metrics = loss_fn(*args, **kwargs)
            jax.debug.print("loss {l:.4f} | {m}", l=loss, m=metrics)
            return loss

        return wrapped

    return deco
