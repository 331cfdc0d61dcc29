"""Huber penalty as a hijax primitive (tutorial 'Writing your own primitives', adapted).

Returning the outlier fraction from the backward pass lets us print how many
residuals sit on the linear branch during the fit (cell 14 of the notebook).
"""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Huber(HiPrim):
    def __init__(self, r_aval, delta):
        self.in_avals = (r_aval,)
        self.out_aval = r_aval
        self.params = dict(delta=float(delta))
        super().__init__()

    def expand(self, r):
        a = jnp.abs(r)
        return jnp.where(a <= self.delta, 0.5 * r * r, self.delta * (a - 0.5 * self.delta))

    def vjp_fwd(self, nzs_in, r):
        return self.expand(r), r

    def vjp_bwd(self, r, g, r_acc):
        r_acc.accum(g * jnp.clip(r, -self.delta, self.delta))
        outlier_frac = jnp.mean(jnp.abs(r) > self.delta)
        return outlier_frac


def huber(r, delta=1.0):
    return Huber(jax.typeof(r), delta)(r)
