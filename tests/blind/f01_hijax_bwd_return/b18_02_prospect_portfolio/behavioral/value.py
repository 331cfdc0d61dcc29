"""Kahneman-Tversky value function as a hijax primitive with a hand-written backward pass."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from behavioral.report import Reporter

REPORTER = Reporter("[prospect-bwd]")


class ProspectValue(HiPrim):
    """v(x) = x**alpha for gains, -lam * (-x)**alpha for losses (smoothed at zero)."""

    def __init__(self, aval, alpha, lam, eps=1e-6):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = dict(alpha=alpha, lam=lam, eps=eps)
        super().__init__()

    def expand(self, x):
        mag = (jnp.abs(x) + self.eps) ** self.alpha
        return jnp.where(x >= 0, mag, -self.lam * mag)

    def vjp_fwd(self, nzs_in, x):
        return self.expand(x), x

    def vjp_bwd(self, x, g, x_acc):
        slope = self.alpha * (jnp.abs(x) + self.eps) ** (self.alpha - 1.0)
        slope = jnp.where(x >= 0, slope, self.lam * slope)
        x_acc.accum(g * slope)
        return REPORTER.emit(alpha=self.alpha, lam=self.lam, n=x.size)


def prospect_value(x, alpha=0.88, lam=2.25):
    return ProspectValue(jax.typeof(x), alpha, lam)(x)
