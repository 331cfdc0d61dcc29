"""State-of-charge clamp for a battery model, written as a hijax primitive."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from pkg.diag import summarize


class SocClamp(HiPrim):
    """Clamp the state of charge to [lo, hi] with a straight-through leak below/above."""

    def __init__(self, soc_aval, lo, hi, leak):
        self.in_avals = (soc_aval,)
        self.out_aval = soc_aval
        self.params = dict(lo=lo, hi=hi, leak=leak)
        super().__init__()

    def expand(self, soc):
        return jnp.clip(soc, self.lo, self.hi)

    def vjp_fwd(self, nzs_in, soc):
        inside = (soc >= self.lo) & (soc <= self.hi)
        return jnp.clip(soc, self.lo, self.hi), inside

    def vjp_bwd(self, inside, g, soc_acc):
        slope = jnp.where(inside, 1.0, self.leak)
        soc_acc.accum(g * slope)
        return summarize(soc_ct=g, saturated=1.0 - inside.astype(g.dtype))


def soc_clamp(soc, lo=0.05, hi=0.95, leak=0.01):
    return SocClamp(jax.typeof(soc), lo, hi, leak)(soc)
