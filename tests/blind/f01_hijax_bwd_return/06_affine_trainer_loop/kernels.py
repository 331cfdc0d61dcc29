"""Fused affine kernel y = x @ w + b with a hand-written backward pass."""

import jax

try:
    from jax.experimental.hijax import HiPrim
except ImportError:
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class FusedAffine(HiPrim):
    def __init__(self, x_aval, w_aval, b_aval):
        self.in_avals = (x_aval, w_aval, b_aval)
        self.out_aval = jax.core.ShapedArray((x_aval.shape[0], w_aval.shape[1]), x_aval.dtype)
        self.params = {}
        super().__init__()

    def expand(self, x, w, b):
        return x @ w + b

    def vjp_fwd(self, nzs_in, x, w, b):
        return x @ w + b, (x, w)

    def vjp_bwd(self, res, g, *accums):
        x, w = res
        cts = [g @ w.T, x.T @ g, g.sum(axis=0)]
        for acc, ct in zip(accums, cts):
            acc.accum(ct)
        return cts


def affine(x, w, b):
    return FusedAffine(jax.typeof(x), jax.typeof(w), jax.typeof(b))(x, w, b)
