"""Proximal operators as hijax primitives, with a backward hook per operator."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


@dataclass
class SparsityReport:
    active_fraction: jax.Array
    max_cotangent: jax.Array


class ElementwiseProx(HiPrim):
    """Base class: prox(v) elementwise, derivative given by `slope`."""

    def __init__(self, aval, **params):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = params
        super().__init__()

    def slope(self, v):
        raise NotImplementedError

    def after_backward(self, v, ct):
        return None

    def vjp_fwd(self, nzs_in, v):
        return self.expand(v), v

    def vjp_bwd(self, v, g, v_acc):
        ct = g * self.slope(v)
        v_acc.accum(ct)
        self.after_backward(v, ct)


class SoftThreshold(ElementwiseProx):
    def expand(self, v):
        return jnp.sign(v) * jnp.maximum(jnp.abs(v) - self.lam, 0.0)

    def slope(self, v):
        return (jnp.abs(v) > self.lam).astype(v.dtype)

    def after_backward(self, v, ct):
        active = jnp.mean((jnp.abs(v) > self.lam).astype(v.dtype))
        return SparsityReport(active, jnp.max(jnp.abs(ct)))


def soft_threshold(v, lam):
    return SoftThreshold(jax.typeof(v), lam=lam)(v)
