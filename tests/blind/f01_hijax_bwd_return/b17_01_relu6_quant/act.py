"""ReLU6 as a hijax primitive, for the 8-bit quantisation-aware MLP."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diag import clip_counter


class ReLU6(HiPrim):
    def __init__(self, x_aval, hi=6.0):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = dict(hi=hi)
        super().__init__()

    def expand(self, x):
        return jnp.clip(x, 0.0, self.hi)

    def vjp_fwd(self, nzs_in, x):
        return self(x), x

    def vjp_bwd(self, x, g, x_acc):
        inside = (x > 0.0) & (x < self.hi)
        x_acc.accum(jnp.where(inside, g, 0.0))
        return clip_counter(x, 0.0, self.hi)


def relu6(x):
    return ReLU6(jax.typeof(x))(x)
