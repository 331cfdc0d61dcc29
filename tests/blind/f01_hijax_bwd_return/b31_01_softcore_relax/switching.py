"""Soft-core switching of pair distances for a Lennard-Jones relaxation.

The switch replaces r by sqrt(r^2 + alpha * sigma^2) so that overlapping
atoms in a random initial packing do not produce infinite forces.
"""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diagnostics import merge_logs


class SoftCoreDistance(HiPrim):
    def __init__(self, r_aval, alpha, sigma):
        self.in_avals = (r_aval,)
        self.out_aval = r_aval
        self.params = dict(alpha=float(alpha), sigma=float(sigma))
        super().__init__()

    def expand(self, r):
        return jnp.sqrt(r * r + self.alpha * self.sigma ** 2)

    def vjp_fwd(self, nzs_in, r):
        s = self.expand(r)
        return s, (r, s)

    def vjp_bwd(self, res, g, r_acc):
        r, s = res
        ct = g * r / s
        r_acc.accum(ct)
        core = {"softcore_max_ct": jnp.max(jnp.abs(ct))}
        overlap = {"softcore_overlap": jnp.mean(r < self.sigma)}
        return merge_logs(core, overlap)


def soft_core(r, alpha=0.5, sigma=1.0):
    return SoftCoreDistance(jax.typeof(r), alpha, sigma)(r)
