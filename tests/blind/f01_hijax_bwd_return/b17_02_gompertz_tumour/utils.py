"""Profiling helpers from the lab's shared utils module."""
import functools
import time


def timed(fn):
    """Wrap `fn` so it also reports how long the call took (seconds)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        return out, time.perf_counter() - start
    return wrapper
