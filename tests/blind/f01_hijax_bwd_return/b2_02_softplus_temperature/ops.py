"""Temperature-scaled softplus, written as a hijax primitive."""

import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:  # jax 0.10
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class TemperedSoftplus(HiPrim):
    """y = t * log(1 + exp(x / t)), differentiable in both x and t."""

    def __init__(self, x_aval, t_aval):
        self.in_avals = (x_aval, t_aval)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x, t):
        return t * jax.nn.softplus(x / t)

    def vjp_fwd(self, nzs_in, x, t):
        y = t * jax.nn.softplus(x / t)
        return y, (x, t, y)

    def vjp_bwd(self, res, g, x_acc, t_acc):
        x, t, y = res
        s = jax.nn.sigmoid(x / t)
        dx = g * s
        dt = jnp.sum(g * (y / t - x * s / t))
        return dx, dt
