"""Photodiode array response with a soft full-well saturation."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from backlog import with_defaults


class FullWell(HiPrim):
    """Soft saturation ``cap * (1 - exp(-q / cap))`` of collected charge ``q``."""

    def __init__(self, q_aval, capacity):
        self.in_avals = (q_aval,)
        self.out_aval = q_aval
        self.params = dict(capacity=capacity)
        super().__init__()

    def expand(self, q):
        return self.capacity * (1.0 - jnp.exp(-q / self.capacity))

    def vjp_fwd(self, nzs_in, q):
        slope = jnp.exp(-q / self.capacity)
        return self(q), slope

    def vjp_bwd(self, slope, g, q_acc):
        q_acc.accum(g * slope)
        saturated = jnp.mean((slope < 0.05).astype(jnp.float32))
        return with_defaults({"saturated_fraction": saturated})


def full_well(q, capacity=4.0e4):
    return FullWell(jax.typeof(q), float(capacity))(q)


def read_out(flux, exposure, gain, capacity=4.0e4):
    """Digital numbers for a photon flux (photons/s per pixel) and an exposure time."""
    charge = flux * exposure * gain
    return full_well(charge, capacity) / gain
