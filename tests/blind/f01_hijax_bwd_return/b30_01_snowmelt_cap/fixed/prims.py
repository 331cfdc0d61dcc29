"""Smooth melt-rate cap written as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim



class SmoothCap(HiPrim):
    """y = cap * tanh(x / cap): linear for small melt, saturating at ``cap``."""

    def __init__(self, aval, cap, keys=("ct_max", "saturated")):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(cap=float(cap), keys=tuple(keys))
        super().__init__()

    def expand(self, x):
        return self.cap * jnp.tanh(x / self.cap)

    def vjp_fwd(self, nzs_in, x):
        y = self.cap * jnp.tanh(x / self.cap)
        return y, (y,)

    def vjp_bwd(self, res, g, x_acc):
        (y,) = res
        ratio = y / self.cap
        ct = g * (1.0 - ratio * ratio)
        x_acc.accum(ct)


def smooth_cap(x, cap):
    return SmoothCap(jax.typeof(x), cap)(x)
