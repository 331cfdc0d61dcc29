"""A Hill activation primitive x**n / (k**n + x**n) with a hand-written backward pass."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Hill(HiPrim):
    def __init__(self, x_aval, k_aval, *, n: int):
        self.in_avals = (x_aval, k_aval)
        self.out_aval = x_aval
        self.params = {"n": n}
        super().__init__()

    def expand(self, x, k):
        xn = x**self.n
        return xn / (k**self.n + xn)

    def vjp_fwd(self, nzs_in, x, k):
        xn, kn = x**self.n, k**self.n
        y = xn / (kn + xn)
        return y, (x, k, y)

    def vjp_bwd(self, res, g, x_acc, k_acc):
        x, k, y = res
        # dy/dx = n y (1 - y) / x ,  dy/dk = -n y (1 - y) / k
        common = self.n * y * (1.0 - y) * g
        cts = (common / x, jnp.sum(-common / k, axis=0))
        x_acc.accum(cts[0])
        k_acc.accum(cts[1])


def hill(x, k, n=2):
    return Hill(jax.typeof(x), jax.typeof(k), n=n)(x, k)
