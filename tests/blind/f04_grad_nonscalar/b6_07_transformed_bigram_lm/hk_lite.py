"""A tiny haiku-like transform: functions that create parameters by name."""

import contextlib
from typing import Callable, NamedTuple

import jax

_FRAMES = []


class Transformed(NamedTuple):
    init: Callable
    apply: Callable


@contextlib.contextmanager
def _frame(params, key):
    _FRAMES.append({"params": params, "key": key, "creating": key is not None})
    try:
        yield _FRAMES[-1]
    finally:
        _FRAMES.pop()


def get_parameter(name, shape, init=jax.nn.initializers.lecun_normal()):
    frame = _FRAMES[-1]
    if frame["creating"] and name not in frame["params"]:
        frame["key"], sub = jax.random.split(frame["key"])
        frame["params"][name] = init(sub, shape)
    return frame["params"][name]


def transform(fn):
    def init(key, *args, **kwargs):
        with _frame({}, key) as frame:
            fn(*args, **kwargs)
            return frame["params"]

    def apply(params, *args, **kwargs):
        with _frame(params, None):
            return fn(*args, **kwargs)

    return Transformed(init, apply)
