"""Host-side metric sinks, fed from inside jitted code with ordered io_callbacks."""
import functools

import numpy as np
from jax.experimental import io_callback

HISTORY: dict[str, list[float]] = {}


def _sink(tag):
    def write(value):
        HISTORY.setdefault(tag, []).append(float(np.asarray(value)))
    return write


def report(tag):
    """Decorator: send the wrapped function's scalar result to the `tag` sink."""

    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            out = fn(*args, **kwargs)
            io_callback(_sink(tag), None, out, ordered=True)
            return out

        return wrapper

    return deco
