"""A gated product primitive: out = a * sigmoid(b)."""

import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class GatedProduct(HiPrim):
    def __init__(self, a_aval, b_aval):
        self.in_avals = (a_aval, b_aval)
        self.out_aval = a_aval
        self.params = {}
        super().__init__()

    def expand(self, a, b):
        return a * jax.nn.sigmoid(b)

    def vjp_fwd(self, nzs_in, a, b):
        s = jax.nn.sigmoid(b)
        return a * s, (a, s)

    def vjp_bwd(self, res, g, a_acc, b_acc):
        a, s = res
        da = g * s
        db = g * a * s * (1.0 - s)
        return [da, db]


def gate(a, b):
    return GatedProduct(jax.typeof(a), jax.typeof(b))(a, b)


def glu(x, w_val, w_gate):
    return gate(x @ w_val, x @ w_gate).sum(axis=-1)
