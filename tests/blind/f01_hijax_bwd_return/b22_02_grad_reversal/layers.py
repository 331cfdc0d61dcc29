"""Layers of the domain-adversarial network (init/apply pairs and a gradient reversal)."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from frozen import freeze


def dense_init(key, n_in, n_out):
    w = jax.random.normal(key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
    return {"w": w, "b": jnp.zeros((n_out,))}


def dense_apply(p, x):
    return x @ p["w"] + p["b"]


class GradReverse(HiPrim):
    """Identity forward; multiplies the cotangent by ``-scale`` backward."""

    def __init__(self, aval, scale):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {"scale": scale}
        super().__init__()

    def expand(self, h):
        return h

    def vjp_fwd(self, nzs_in, h):
        return h, None

    def vjp_bwd(self, _, g, h_acc):
        h_acc.accum(-self.scale * g)
        return freeze({"grl/ct_rms": jnp.sqrt(jnp.mean(g**2))})


def grad_reverse(h, scale):
    return GradReverse(jax.typeof(h), float(scale))(h)
