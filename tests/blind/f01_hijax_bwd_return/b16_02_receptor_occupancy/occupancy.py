"""Receptor occupancy by a ligand: a Hill equation as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from reporting import ordered_report


class HillOccupancy(HiPrim):
    """Fraction of receptors bound, ``c**n / (c**n + ec50**n)``, differentiable in log-EC50."""

    def __init__(self, conc_aval, log_ec50_aval, hill):
        self.in_avals = (conc_aval, log_ec50_aval)
        self.out_aval = conc_aval
        self.params = dict(hill=hill)
        super().__init__()

    def expand(self, conc, log_ec50):
        ratio = (conc / jnp.exp(log_ec50)) ** self.hill
        return ratio / (1.0 + ratio)

    def vjp_fwd(self, nzs_in, conc, log_ec50):
        theta = self(conc, log_ec50)
        return theta, (conc, theta)

    def vjp_bwd(self, res, g, conc_acc, ec50_acc):
        conc, theta = res
        dtheta = self.hill * theta * (1.0 - theta)
        conc_acc.accum(g * dtheta / conc)
        ec50_acc.accum(-jnp.sum(g * dtheta))
        return ordered_report(
            mean_occupancy=jnp.mean(theta),
            steepest=jnp.max(dtheta),
        )


def occupancy(conc, log_ec50, hill=1.5):
    return HillOccupancy(jax.typeof(conc), jax.typeof(log_ec50), float(hill))(conc, log_ec50)
