"""Hamiltonian of a chain of harmonic oscillators, as a primitive with a custom VJP."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class PhaseGrad(NamedTuple):
    dq: jax.Array
    dp: jax.Array


class ChainEnergy(HiPrim):
    def __init__(self, q_aval, p_aval, stiffness, mass):
        self.in_avals = (q_aval, p_aval)
        self.out_aval = jax.core.ShapedArray((), q_aval.dtype)
        self.params = dict(stiffness=stiffness, mass=mass)
        super().__init__()

    def expand(self, q, p):
        stretch = jnp.diff(q)
        return 0.5 * self.stiffness * jnp.sum(stretch**2) + jnp.sum(p**2) / (2 * self.mass)

    def vjp_fwd(self, nzs_in, q, p):
        return self.expand(q, p), (q, p)

    def vjp_bwd(self, res, g, q_acc, p_acc):
        q, p = res
        stretch = jnp.diff(q)
        force = jnp.zeros_like(q).at[1:].add(stretch).at[:-1].add(-stretch)
        grads = PhaseGrad(dq=g * self.stiffness * force, dp=g * p / self.mass)
        q_acc.accum(grads.dq)
        p_acc.accum(grads.dp)


def energy(q, p, stiffness=4.0, mass=1.0):
    return ChainEnergy(jax.typeof(q), jax.typeof(p), stiffness, mass)(q, p)
