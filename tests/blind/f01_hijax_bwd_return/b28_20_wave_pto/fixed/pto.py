"""Power take-off (PTO) force of a wave-energy converter: Coulomb-like damping
smoothed with tanh, as a hijax primitive so the backward pass can log saturation."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from metrics import Metrics


class SmoothCoulomb(HiPrim):
    """F = f_max * tanh(v / v_eps)."""

    def __init__(self, aval, v_eps):
        self.in_avals = (aval, aval)
        self.out_aval = aval
        self.params = dict(v_eps=v_eps)
        self.metrics = Metrics()
        super().__init__()

    def expand(self, v, f_max):
        return f_max * jnp.tanh(v / self.v_eps)

    def vjp_fwd(self, nzs_in, v, f_max):
        th = jnp.tanh(v / self.v_eps)
        return f_max * th, (th, f_max)

    def vjp_bwd(self, res, g, v_acc, f_acc):
        th, f_max = res
        v_acc.accum(g * f_max * (1.0 - th * th) / self.v_eps)
        f_acc.accum(g * th)
        self.metrics.add("saturated", jnp.mean(jnp.abs(th) > 0.95))


def pto_force(v, f_max, v_eps=0.05):
    return SmoothCoulomb(jax.typeof(v), v_eps)(v, f_max)
