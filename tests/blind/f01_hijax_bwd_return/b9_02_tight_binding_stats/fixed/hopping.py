"""A hopping-energy primitive for a 1D tight-binding chain."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


@dataclasses.dataclass(frozen=True)
class BondStats:
    """What the backward pass saw, for the training log."""

    mean_ct: jax.Array
    max_ct: jax.Array


class BondEnergy(HiPrim):
    """E_b = -t_b * c_b for bond amplitudes t and bond correlations c."""

    def __init__(self, t_aval, c_aval):
        self.in_avals = (t_aval, c_aval)
        self.out_aval = t_aval
        self.params = {}
        super().__init__()

    def expand(self, t, c):
        return -t * c

    def vjp_fwd(self, nzs_in, t, c):
        return -t * c, (t, c)

    def vjp_bwd(self, res, g, t_acc, c_acc):
        t, c = res
        ct_t = -g * c
        t_acc.accum(ct_t)
        c_acc.accum(-g * t)
        stats = BondStats(mean_ct=jnp.mean(ct_t), max_ct=jnp.max(jnp.abs(ct_t)))
        return dataclasses.asdict(stats)


def bond_energy(t, c):
    return BondEnergy(jax.typeof(t), jax.typeof(c))(t, c)
