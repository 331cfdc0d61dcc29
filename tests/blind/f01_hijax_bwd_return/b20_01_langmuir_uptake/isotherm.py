"""Langmuir adsorption isotherm as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from checks import check_cotangent


class LangmuirCoverage(HiPrim):
    """Fractional coverage theta = K p / (1 + K p) of a Langmuir surface."""

    def __init__(self, p_aval, k_aval):
        self.in_avals = (p_aval, k_aval)
        self.out_aval = p_aval
        self.params = {}
        super().__init__()

    def expand(self, p, k):
        kp = k * p
        return kp / (1.0 + kp)

    def vjp_fwd(self, nzs_in, p, k):
        kp = k * p
        theta = kp / (1.0 + kp)
        return theta, (p, k, theta)

    def vjp_bwd(self, res, g, p_acc, k_acc):
        p, k, theta = res
        slope = (1.0 - theta) ** 2  # d theta / d(K p)
        p_ct = g * slope * k
        k_ct = jnp.sum(g * slope * p)
        p_acc.accum(p_ct)
        k_acc.accum(k_ct)
        return check_cotangent("K", k_ct, k)


def coverage(p, k):
    return LangmuirCoverage(jax.typeof(p), jax.typeof(k))(p, k)
