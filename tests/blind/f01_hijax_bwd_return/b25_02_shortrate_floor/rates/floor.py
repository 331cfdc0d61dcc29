"""A smooth lower bound on short rates (softplus around the floor)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from rates.tracing import BackwardLog


class SoftFloor(HiPrim):
    """r -> floor + softplus(sharpness * (r - floor)) / sharpness."""

    def __init__(self, aval, floor: float, sharpness: float):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {"floor": floor, "sharpness": sharpness}
        super().__init__()

    def expand(self, r):
        return self.floor + jax.nn.softplus(self.sharpness * (r - self.floor)) / self.sharpness

    def vjp_fwd(self, nzs_in, r):
        return self.expand(r), r

    def vjp_bwd(self, r, g, r_acc):
        slope = jax.nn.sigmoid(self.sharpness * (r - self.floor))
        r_acc.accum(g * slope)
        log = BackwardLog("soft_floor").add("binding_share", jnp.mean(slope < 0.5))
        return log.snapshot


def soft_floor(r, floor=-0.005, sharpness=400.0):
    return SoftFloor(jax.typeof(r), floor, sharpness)(r)
