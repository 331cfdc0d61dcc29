"""Elementwise hijax primitives: subclasses give the value and its derivative."""

import jax
from jax.experimental.hijax import HiPrim


class ElementwisePrim(HiPrim):
    """A unary elementwise primitive whose backward pass is g * f'(x)."""

    def __init__(self, x_aval, **params):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = params
        super().__init__()

    def value(self, x):
        raise NotImplementedError

    def derivative(self, x, y):
        raise NotImplementedError

    def expand(self, x):
        return self.value(x)

    def vjp_fwd(self, nzs_in, x):
        y = self.value(x)
        return y, (x, y)

    def vjp_bwd(self, res, g, x_acc):
        x, y = res
        ct = g * self.derivative(x, y)
        x_acc.accum(ct)
        return ct


def apply_elementwise(prim_cls, x, **params):
    return prim_cls(jax.typeof(x), **params)(x)
