"""Mark which arguments of a model method are parameters for sensitivity analysis."""

from __future__ import annotations

import functools
import inspect


def sensitivity_params(*names: str):
    """Record the positions of ``names`` among the method's arguments as ``argnums``."""

    def deco(fn):
        signature = [p for p in inspect.signature(fn).parameters if p != "self"]
        argnums = tuple(signature.index(n) for n in names)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs)

        wrapper.sensitivity_argnums = argnums
        wrapper.sensitivity_names = names
        return wrapper

    return deco
