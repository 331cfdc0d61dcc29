"""AC output of a PV inverter whose DC input is clipped at its rated power."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from solar.diagnostics import clipping_summary


class InverterClip(HiPrim):
    """min(efficiency * p_dc, rating), with a custom backward pass."""

    def __init__(self, p_aval, rating, efficiency):
        self.in_avals = (p_aval,)
        self.out_aval = p_aval
        self.params = dict(rating=rating, efficiency=efficiency)
        super().__init__()

    def expand(self, p_dc):
        return jnp.minimum(self.efficiency * p_dc, self.rating)

    def vjp_fwd(self, nzs_in, p_dc):
        out = jnp.minimum(self.efficiency * p_dc, self.rating)
        clipped = self.efficiency * p_dc >= self.rating
        return out, clipped

    def vjp_bwd(self, clipped, g, p_acc):
        ct = jnp.where(clipped, 0.0, self.efficiency * g)
        p_acc.accum(ct)
        return vars(clipping_summary(ct, clipped))


def inverter_ac(p_dc, rating=4.6, efficiency=0.96):
    return InverterClip(jax.typeof(p_dc), rating, efficiency)(p_dc)
