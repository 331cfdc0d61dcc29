"""Numerically stable log-space primitives for the forward algorithm."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim



class LogAddExp(HiPrim):
    """log(exp(a) + exp(b)) with a hand-written backward pass."""

    def __init__(self, aval):
        self.in_avals = (aval, aval)
        self.out_aval = aval
        self.params = {}
        super().__init__()

    def expand(self, a, b):
        m = jnp.maximum(a, b)
        return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))

    def vjp_fwd(self, nzs_in, a, b):
        out = self.expand(a, b)
        return out, (a, b, out)

    def vjp_bwd(self, res, g, a_acc, b_acc):
        a, b, out = res
        ct_a = g * jnp.exp(a - out)
        ct_b = g * jnp.exp(b - out)
        a_acc.accum(ct_a)
        b_acc.accum(ct_b)


def logaddexp(a, b):
    return LogAddExp(jax.typeof(a))(a, b)
