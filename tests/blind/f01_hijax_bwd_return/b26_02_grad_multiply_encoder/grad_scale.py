"""fairseq-style GradMultiply: identity forward, scaled gradient backward."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class GradMultiply(HiPrim):
    def __init__(self, aval, scale, log_norm=False):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(scale=scale, log_norm=log_norm)
        super().__init__()

    def expand(self, x):
        return x

    def vjp_fwd(self, nzs_in, x):
        return x, None

    def vjp_bwd(self, _, g, x_acc):
        ct = g * self.scale
        x_acc.accum(ct)
        return self.log_norm and {"grad_multiply_norm": jnp.linalg.norm(ct)}


def grad_multiply(x, scale, log_norm=False):
    return GradMultiply(jax.typeof(x), scale, log_norm)(x)
