"""Gradient reversal layer (Ganin & Lempitsky) as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class GradientReversal(HiPrim):
    """Identity on the way forward, multiplies the cotangent by -lam on the way back."""

    def __init__(self, aval, lam, monitor):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {"lam": lam, "_monitor": monitor}
        super().__init__()

    def expand(self, x):
        return x

    def vjp_fwd(self, nzs_in, x):
        return x, None

    def vjp_bwd(self, res, g, x_acc):
        flipped = -self.lam * g
        x_acc.accum(flipped)
        self._monitor.push("grl", flipped)


def reverse_gradient(x, lam, monitor):
    return GradientReversal(jax.typeof(x), float(lam), monitor)(x)
