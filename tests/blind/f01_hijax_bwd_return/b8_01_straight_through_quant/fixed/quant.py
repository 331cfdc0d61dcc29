"""Straight-through fake quantisation used by the quantisation-aware MLP."""
from __future__ import annotations

import jax.numpy as jnp

from prims import ElementwisePrim, apply


class STEQuantize(ElementwisePrim):
    name = "ste_quantize"

    def forward(self, x):
        step = 2.0 * self.bound / (2**self.bits - 1)
        return jnp.round(jnp.clip(x, -self.bound, self.bound) / step) * step

    def backward(self, x, g):
        # straight-through inside the clipping range, zero outside
        return jnp.where(jnp.abs(x) <= self.bound, g, 0.0)



def fake_quant(x, bits=4, bound=1.0):
    return apply(STEQuantize, x, bits=bits, bound=bound)
