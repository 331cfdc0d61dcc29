"""Lightweight wall-clock profiling helpers."""
import functools
import time


def timed(fn):
    """Wrap `fn` so that it returns `(result, seconds)`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        return result, time.perf_counter() - start

    return wrapper
