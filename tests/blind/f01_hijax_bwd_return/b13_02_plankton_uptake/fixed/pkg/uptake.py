"""Michaelis-Menten nutrient uptake as a hijax primitive with a hand-written backward pass."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class MichaelisMenten(HiPrim):
    def __init__(self, n_aval, vmax_aval, k_aval):
        self.in_avals = (n_aval, vmax_aval, k_aval)
        self.out_aval = n_aval
        self.params = {}
        super().__init__()

    def expand(self, n, vmax, k):
        return vmax * n / (k + n)

    def vjp_fwd(self, nzs_in, n, vmax, k):
        denom = k + n
        return vmax * n / denom, (n, vmax, denom)

    def vjp_bwd(self, res, g, n_acc, vmax_acc, k_acc):
        n, vmax, denom = res
        n_acc.accum(g * vmax * (denom - n) / denom**2)
        vmax_acc.accum(jnp.sum(g * n / denom))
        k_acc.accum(jnp.sum(-g * vmax * n / denom**2))
        return dict(half_saturated=jnp.mean(n < (denom - n)), ct_norm=jnp.linalg.norm(g))


def uptake(n, vmax, k):
    return MichaelisMenten(jax.typeof(n), jax.typeof(vmax), jax.typeof(k))(n, vmax, k)
