"""Monod uptake rate mu_max * S / (K_s + S) as a primitive with a hand-written VJP."""
import jax
import jax.numpy as jnp

from logged_prim import LoggedPrim


class MonodUptake(LoggedPrim):
    def __init__(self, s_aval, k_aval):
        self.in_avals = (s_aval, k_aval)
        self.out_aval = s_aval
        self.params = {}
        super().__init__()

    def expand(self, s, k_s):
        return s / (k_s + s)

    def vjp_fwd(self, nzs_in, s, k_s):
        denom = k_s + s
        return s / denom, (s, k_s, denom)

    def backward(self, res, g, s_acc, k_acc):
        s, k_s, denom = res
        s_acc.accum(g * k_s / denom**2)
        k_acc.accum(jnp.sum(-g * s / denom**2))
        self.log("saturation", jnp.mean(s / denom))


def monod(s, k_s):
    return MonodUptake(jax.typeof(s), jax.typeof(k_s))(s, k_s)
