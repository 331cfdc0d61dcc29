"""Butler-Volmer electrode kinetics."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from monitoring import monitor_for

FARADAY = 96485.33
GAS_CONSTANT = 8.314


class ButlerVolmer(HiPrim):
    """Current density i = i0 (exp(a f eta) - exp(-(1 - a) f eta))."""

    def __init__(self, eta_aval, i0_aval, *, alpha, f):
        self.in_avals = (eta_aval, i0_aval)
        self.out_aval = eta_aval
        self.params = {"alpha": alpha, "f": f}
        self.monitor = monitor_for("butler_volmer")
        super().__init__()

    def _branches(self, eta):
        anodic = jnp.exp(self.alpha * self.f * eta)
        cathodic = jnp.exp(-(1.0 - self.alpha) * self.f * eta)
        return anodic, cathodic

    def expand(self, eta, i0):
        anodic, cathodic = self._branches(eta)
        return i0 * (anodic - cathodic)

    def vjp_fwd(self, nzs_in, eta, i0):
        anodic, cathodic = self._branches(eta)
        return i0 * (anodic - cathodic), (i0, anodic, cathodic)

    def vjp_bwd(self, res, g, eta_acc, i0_acc):
        i0, anodic, cathodic = res
        slope = self.f * (self.alpha * anodic + (1.0 - self.alpha) * cathodic)
        eta_acc.accum(g * i0 * slope)
        i0_ct = jnp.sum(g * (anodic - cathodic))
        i0_acc.accum(i0_ct)
        return self.monitor.record("i0", i0_ct)


def make_current_density(alpha=0.5, temperature=298.15):
    f = FARADAY / (GAS_CONSTANT * temperature)

    def current_density(eta, i0):
        prim = ButlerVolmer(jax.typeof(eta), jax.typeof(i0), alpha=alpha, f=f)
        return prim(eta, i0)

    return current_density


current_density_25c = functools.partial(make_current_density, temperature=298.15)
