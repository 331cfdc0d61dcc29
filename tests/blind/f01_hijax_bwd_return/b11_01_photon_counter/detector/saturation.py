"""Non-paralysable dead-time model: measured = true / (1 + tau * true)."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from detector.accum_utils import deliver


class DeadTimeSaturation(HiPrim):
    """Maps true photon rates to the rates a counter with dead time `tau` reports."""

    def __init__(self, rates_aval, tau):
        self.in_avals = (rates_aval,)
        self.out_aval = rates_aval
        self.params = dict(tau=tau)
        super().__init__()

    @classmethod
    def apply(cls, rates, tau):
        return cls(jax.typeof(rates), tau)(rates)

    def expand(self, rates):
        return rates / (1.0 + self.tau * rates)

    def vjp_fwd(self, nzs_in, rates):
        denom = 1.0 + self.tau * rates
        return rates / denom, denom

    def vjp_bwd(self, denom, g, rates_acc):
        # d/dr [r / (1 + tau r)] = 1 / (1 + tau r)^2
        ct = g / (denom * denom)
        return deliver(rates_acc, ct, clip=1e6)
