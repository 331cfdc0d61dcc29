"""Small helpers shared by the epidemic models."""
import functools
import time

import jax


def compiled(static=()):
    """jax.jit with the given static argument names, plus a first-call timer."""
    def wrap(fn):
        jitted = jax.jit(fn, static_argnames=static)

        @functools.wraps(fn)
        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            out = jitted(*args, **kwargs)
            timed.last_seconds = time.perf_counter() - t0
            return out
        return timed
    return wrap
