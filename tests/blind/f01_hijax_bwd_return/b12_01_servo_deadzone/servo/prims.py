"""The deadzone nonlinearity of a geared servo as a HiPrim with a custom backward rule."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from servo.hooks import run_backward_hooks


class Deadzone(HiPrim):
    """Zero output for |u| < width, shifted linear response outside."""

    def __init__(self, aval, width):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(width=width)
        super().__init__()

    def expand(self, u):
        return jnp.sign(u) * jnp.maximum(jnp.abs(u) - self.width, 0.0)

    def vjp_fwd(self, nzs_in, u):
        return self.expand(u), u

    def vjp_bwd(self, u, g, u_acc):
        # straight-through inside the band, scaled so the optimizer can leave it
        slope = jnp.where(jnp.abs(u) > self.width, 1.0, 0.1)
        ct = g * slope
        u_acc.accum(ct)
        return run_backward_hooks(u, ct)


def deadzone(u, width):
    return Deadzone(jax.typeof(u), width)(u)
