"""Fake quantisation for quantisation-aware training (symmetric int8)."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from stats import clip_fraction


class FakeQuant(HiPrim):
    """Rounds to an int8 grid in the forward pass; straight-through inside the range."""

    def __init__(self, aval, scale, bits=8):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(scale=scale, bits=bits)
        super().__init__()

    @property
    def qmax(self):
        return 2 ** (self.bits - 1) - 1

    def _quantise(self, x):
        q = jnp.clip(jnp.round(x / self.scale), -self.qmax, self.qmax)
        return q * self.scale

    def expand(self, x):
        return self._quantise(x)

    def vjp_fwd(self, nzs_in, x):
        return self._quantise(x), x

    def vjp_bwd(self, x, g, x_acc):
        inside = jnp.abs(x) <= self.qmax * self.scale
        x_acc.accum(jnp.where(inside, g, jnp.zeros_like(g)))
        return clip_fraction(inside)


def fake_quant(x, scale=0.02, bits=8):
    return FakeQuant(jax.typeof(x), scale, bits)(x)
