"""Host-side metric recording usable from traced code."""

import collections
import functools

import jax

HISTORY = collections.defaultdict(list)


def _record(name, value):
    HISTORY[name].append(float(value))


def tracked(name):
    """Record every value the decorated function computes under ``name``."""

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            value = fn(*args, **kwargs)
            jax.debug.callback(functools.partial(_record, name), value)

        return wrapper

    return decorator
