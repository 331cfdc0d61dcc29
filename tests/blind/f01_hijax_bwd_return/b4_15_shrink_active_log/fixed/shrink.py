"""Soft-thresholding as a hijax primitive with an accumulator-style backward rule."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class SoftShrink(HiPrim):
    def __init__(self, aval, lam):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {"lam": lam}
        super().__init__()

    def expand(self, x):
        return jnp.sign(x) * jnp.maximum(jnp.abs(x) - self.lam, 0.0)

    def vjp_fwd(self, nzs_in, x):
        active = jnp.abs(x) > self.lam
        return self.expand(x), active

    def vjp_bwd(self, active, g, x_acc):
        x_acc.accum(jnp.where(active, g, 0.0))


def soft_shrink(x, lam=0.1):
    return SoftShrink(jax.typeof(x), lam)(x)
