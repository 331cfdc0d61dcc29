"""Adapter so op authors write forward/backward and get a HiPrim."""
from abc import ABC, abstractmethod

import jax
from jax.experimental.hijax import HiPrim

from nnkit.ops.hooks import GradNormHookMixin


class ElementwiseOp(GradNormHookMixin, HiPrim, ABC):
    def __init__(self, aval, **params):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = params
        super().__init__()

    @abstractmethod
    def forward(self, x): ...

    @abstractmethod
    def backward(self, x, g): ...

    def expand(self, x):
        return self.forward(x)

    def vjp_fwd(self, nzs_in, x):
        return self.forward(x), x

    def vjp_bwd(self, x, g, x_acc):
        cts = (self.backward(x, g),)
        x_acc.accum(cts[0])
        self.after_backward(cts)

    @classmethod
    def apply(cls, x, **params):
        return cls(jax.typeof(x), **params)(x)
