"""Hand-written primitives used by the activation layers."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class GatedSoftplus(HiPrim):
    """y = alpha * softplus(x), with one learned gain alpha per feature."""

    def __init__(self, x_aval, alpha_aval):
        self.in_avals = (x_aval, alpha_aval)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x, alpha):
        return alpha * jax.nn.softplus(x)

    def vjp_fwd(self, nzs_in, x, alpha):
        sp = jax.nn.softplus(x)
        return alpha * sp, (x, alpha, sp)

    def vjp_bwd(self, res, g, x_acc, alpha_acc):
        x, alpha, sp = res
        x_acc.accum(g * alpha * jax.nn.sigmoid(x))
        alpha_acc.accum(jnp.sum(g * sp, axis=0))


def gated_softplus(x: jax.Array, alpha: jax.Array) -> jax.Array:
    return GatedSoftplus(jax.typeof(x), jax.typeof(alpha))(x, alpha)
