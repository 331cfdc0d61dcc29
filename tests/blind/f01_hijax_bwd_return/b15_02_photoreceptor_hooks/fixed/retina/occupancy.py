"""Photopigment occupancy, a Naka-Rushton saturation written as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from retina import hooks


class Occupancy(HiPrim):
    """u / (1 + u) for the normalised light level u >= 0."""

    def __init__(self, aval):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = {}
        super().__init__()

    def expand(self, u):
        return u / (1.0 + u)

    def vjp_fwd(self, nzs_in, u):
        return u / (1.0 + u), u

    def vjp_bwd(self, u, g, u_acc):
        slope = 1.0 / (1.0 + u) ** 2
        u_acc.accum(g * slope)
        hooks.BUS.fire("occupancy/slope", slope)


def occupancy(u):
    return Occupancy(jax.typeof(u))(u)


def response(params, intensity):
    """Photoreceptor response to a light intensity (photons/um^2/s)."""
    u = intensity / jnp.exp(params["log_half_sat"])
    return params["r_max"] * occupancy(u)
