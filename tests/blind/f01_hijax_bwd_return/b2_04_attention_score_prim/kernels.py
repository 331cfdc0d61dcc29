"""Scaled dot-product scores as one primitive, so the backward pass is explicit."""

import math

import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:  # jax 0.10
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class ScaledScores(HiPrim):
    def __init__(self, q_aval, k_aval):
        self.in_avals = (q_aval, k_aval)
        self.out_aval = jax.typeof(jnp.zeros((q_aval.shape[0], k_aval.shape[0]), q_aval.dtype))
        self.params = {"scale": 1.0 / math.sqrt(q_aval.shape[-1])}
        super().__init__()

    def expand(self, q, k):
        return self.scale * (q @ k.T)

    def vjp_fwd(self, nzs_in, q, k):
        return self.scale * (q @ k.T), (q, k)

    def vjp_bwd(self, res, g, q_acc, k_acc):
        q, k = res
        return q_acc.accum(self.scale * g @ k), k_acc.accum(self.scale * g.T @ q)
