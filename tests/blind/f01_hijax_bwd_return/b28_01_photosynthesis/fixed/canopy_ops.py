"""Custom primitives for the canopy photosynthesis model.

The non-rectangular hyperbola saturates leaf assimilation with light; we use a
smooth light-saturation primitive so that the backward pass can be inspected.
"""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diagnostics import trace


class LightSaturation(HiPrim):
    """A(I) = Amax * tanh(alpha * I / Amax), elementwise over the canopy layers."""

    def __init__(self, aval, *, name="light_saturation"):
        self.in_avals = (aval, aval, aval)
        self.out_aval = aval
        self.params = dict(name=name)
        super().__init__()

    def expand(self, light, alpha, amax):
        return amax * jnp.tanh(alpha * light / amax)

    def vjp_fwd(self, nzs_in, light, alpha, amax):
        z = alpha * light / amax
        th = jnp.tanh(z)
        out = amax * th
        return out, (light, alpha, amax, z, th)

    def vjp_bwd(self, res, g, light_acc, alpha_acc, amax_acc):
        light, alpha, amax, z, th = res
        sech2 = 1.0 - th * th
        g_light = g * alpha * sech2
        g_alpha = g * light * sech2
        g_amax = g * (th - z * sech2)
        light_acc.accum(g_light)
        alpha_acc.accum(g_alpha)
        amax_acc.accum(g_amax)
        trace(self.name, saturated=jnp.mean(th > 0.9))


def light_saturation(light, alpha, amax):
    return LightSaturation(jax.typeof(light))(light, alpha, amax)
