"""Marginal-rate tax over fixed brackets, with a hand-written reverse-mode rule."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from taxsim.logs import LOGGER


class BracketTax(HiPrim):
    """tax(income, rates) = sum_k rates[k] * clip(income - lo[k], 0, hi[k] - lo[k])."""

    def __init__(self, income_aval, rates_aval, thresholds):
        self.in_avals = (income_aval, rates_aval)
        self.out_aval = income_aval
        self.params = dict(thresholds=tuple(thresholds))
        super().__init__()

    def _slices(self, income):
        lo = jnp.array(self.thresholds[:-1])
        hi = jnp.array(self.thresholds[1:])
        return jnp.clip(income[:, None] - lo, 0.0, hi - lo)

    def expand(self, income, rates):
        return self._slices(income) @ rates

    def vjp_fwd(self, nzs_in, income, rates):
        return self.expand(income, rates), (income, rates)

    def vjp_bwd(self, res, g, income_acc, rates_acc):
        income, rates = res
        slices = self._slices(income)
        lo = jnp.array(self.thresholds[:-1])
        hi = jnp.array(self.thresholds[1:])
        inside = (income[:, None] > lo) & (income[:, None] < hi)
        marginal = inside.astype(rates.dtype) @ rates
        income_acc.accum(g * marginal)
        rates_acc.accum(slices.T @ g)
        LOGGER.record(mean_marginal_rate=jnp.mean(marginal))


def bracket_tax(income, rates, thresholds):
    prim = BracketTax(jax.typeof(income), jax.typeof(rates), thresholds)
    return prim(income, rates)
