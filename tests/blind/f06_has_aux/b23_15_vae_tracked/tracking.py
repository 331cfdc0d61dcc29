"""Decorators that expose a loss value as metrics for `has_aux=True` training steps."""
import functools


def tracked(fn):
    """Turn a scalar loss into (loss, {"loss": loss}) so it can be logged as aux."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        value = fn(*args, **kwargs)
        return value, {"loss": value}
    return wrapper
