"""Base class for hand-written primitives that report backward-pass statistics."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class ElementwisePrim(HiPrim):
    """An elementwise primitive: subclasses give `forward`, `backward`, and may
    override `on_backward` to report something about the cotangent."""

    name: str = "elementwise"

    def __init__(self, aval, **params):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(params)
        super().__init__()

    # -- to be provided by subclasses ------------------------------------------
    def forward(self, x):
        raise NotImplementedError

    def backward(self, x, g):
        raise NotImplementedError

    def on_backward(self, x, g, ct):
        return None

    # -- HiPrim interface -------------------------------------------------------
    def expand(self, x):
        return self.forward(x)

    def vjp_fwd(self, nzs_in, x):
        return self.forward(x), x

    def vjp_bwd(self, x, g, x_acc):
        ct = self.backward(x, g)
        x_acc.accum(ct)
        return self.on_backward(x, g, ct)


def apply(prim_cls, x, **params):
    return prim_cls(jax.typeof(x), **params)(x)
