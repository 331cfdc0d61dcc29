"""A gated product x * sigmoid(gate) as a primitive with a clipped backward rule."""

import jax
from jax.experimental.hijax import HiPrim

from rules import clip_outgrad


class GatedProduct(HiPrim):
    def __init__(self, x_aval, gate_aval):
        self.in_avals = (x_aval, gate_aval)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x, gate):
        return x * jax.nn.sigmoid(gate)

    def vjp_fwd(self, nzs_in, x, gate):
        s = jax.nn.sigmoid(gate)
        return x * s, (x, s)

    @clip_outgrad(max_norm=5.0)
    def vjp_bwd(self, res, g, x_acc, gate_acc):
        x, s = res
        x_acc.accum(g * s)
        gate_acc.accum(g * x * s * (1.0 - s))


def gated(x, gate):
    return GatedProduct(jax.typeof(x), jax.typeof(gate))(x, gate)
