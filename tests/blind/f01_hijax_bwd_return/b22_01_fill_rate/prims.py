"""Primitives of the stock-planning model."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diagnostics import clamp_stats


class SmoothFill(HiPrim):
    """Units sold: a smooth minimum of demand and stock (temperature ``tau``)."""

    def __init__(self, aval, tau):
        self.in_avals = (aval, aval)
        self.out_aval = aval
        self.params = {"tau": tau}
        super().__init__()

    def expand(self, demand, stock):
        return -self.tau * jnp.logaddexp(-demand / self.tau, -stock / self.tau)

    def vjp_fwd(self, nzs_in, demand, stock):
        sold = self.expand(demand, stock)
        w_demand = jax.nn.sigmoid((stock - demand) / self.tau)
        return sold, w_demand

    def vjp_bwd(self, w_demand, g, demand_acc, stock_acc):
        demand_acc.accum(g * w_demand)
        stock_acc.accum(g * (1.0 - w_demand))
        return clamp_stats("fill", g, w_demand > 0.5)


def smooth_fill(demand, stock, tau=1.0):
    return SmoothFill(jax.typeof(demand), float(tau))(demand, stock)
