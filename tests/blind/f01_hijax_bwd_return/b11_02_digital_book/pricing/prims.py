"""A standard normal CDF primitive whose backward pass also reports diagnostics."""

from collections import defaultdict

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

SQRT_2PI = 2.5066282746310002


def normal_cdf(z):
    return NormalCdf(jax.typeof(z))(z)


class NormalCdf(HiPrim):
    def __init__(self, z_aval):
        self.in_avals = (z_aval,)
        self.out_aval = z_aval
        self.params = {}
        super().__init__()

    def expand(self, z):
        return 0.5 * (1.0 + jax.lax.erf(z / jnp.sqrt(2.0)))

    def vjp_fwd(self, nzs_in, z):
        return self.expand(z), z

    def vjp_bwd(self, z, g, z_acc):
        pdf = jnp.exp(-0.5 * z * z) / SQRT_2PI
        z_acc.accum(g * pdf)
        logs = defaultdict(float)
        logs["cdf_pdf_max"] = jnp.max(pdf)
        logs["cdf_far_tail"] = jnp.mean(jnp.abs(z) > 4.0)
        return logs
