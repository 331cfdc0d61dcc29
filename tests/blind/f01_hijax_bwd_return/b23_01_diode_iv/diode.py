"""Shockley diode current as a primitive with a hand-written backward pass."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from meters import RunningMean

THERMAL_VOLTAGE = 0.02585


class DiodeCurrent(HiPrim):
    """I = I_s * (exp(V / (n V_T)) - 1), differentiated with respect to V."""

    def __init__(self, aval, ideality, i_sat, meter):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(ideality=ideality, i_sat=i_sat, meter=meter)
        super().__init__()

    def expand(self, v):
        return self.i_sat * (jnp.exp(v / (self.ideality * THERMAL_VOLTAGE)) - 1.0)

    def vjp_fwd(self, nzs_in, v):
        e = jnp.exp(v / (self.ideality * THERMAL_VOLTAGE))
        return self.i_sat * (e - 1.0), e

    def vjp_bwd(self, e, g, v_acc):
        ct = g * self.i_sat * e / (self.ideality * THERMAL_VOLTAGE)
        v_acc.accum(ct)
        return self.meter.update(ct)


GRAD_METER = RunningMean("diode_dv")


def diode_current(v, ideality=1.3, i_sat=1e-9):
    return DiodeCurrent(jax.typeof(v), ideality, i_sat, GRAD_METER)(v)
