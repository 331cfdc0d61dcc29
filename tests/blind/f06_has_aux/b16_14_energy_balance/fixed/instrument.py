"""Light-weight call accounting for the model's cost functions."""
import functools
from collections import Counter

CALLS = Counter()


def counted(name):
    """Count how often (and how often traced) a cost function is evaluated."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            CALLS[name] += 1
            return fn(*args, **kwargs)

        return wrapper

    return decorate
