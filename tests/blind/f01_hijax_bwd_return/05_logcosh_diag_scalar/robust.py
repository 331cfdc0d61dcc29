"""Robust regression loss with a primitive that reports the gradient norm."""

import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class LogCosh(HiPrim):
    def __init__(self, aval):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {}
        super().__init__()

    def expand(self, r):
        return jnp.logaddexp(r, -r) - jnp.log(2.0)

    def vjp_fwd(self, nzs_in, r):
        return self.expand(r), jnp.tanh(r)

    def vjp_bwd(self, tanh_r, g, r_acc):
        ct = g * tanh_r
        r_acc.accum(ct)
        # report how large the backward signal is
        return jnp.linalg.norm(ct)


def logcosh(r):
    return LogCosh(jax.typeof(r))(r)
