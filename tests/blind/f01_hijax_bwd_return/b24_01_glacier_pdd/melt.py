"""Positive-degree-day melt with a smooth threshold, as a hijax primitive."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diagnostics import fraction_above, pack_logs


class SmoothPDD(HiPrim):
    """Degree-days above the melt threshold, smoothed over `width` kelvin."""

    def __init__(self, t_aval, width):
        self.in_avals = (t_aval,)
        self.out_aval = t_aval
        self.params = dict(width=width)
        super().__init__()

    def expand(self, t):
        return self.width * jax.nn.softplus(t / self.width)

    def vjp_fwd(self, nzs_in, t):
        return self.expand(t), jax.nn.sigmoid(t / self.width)

    def vjp_bwd(self, sig, g, t_acc):
        ct = g * sig
        t_acc.accum(ct)
        return pack_logs(("melt_ct_mean", "melting_frac"),
                         (jnp.mean(ct), fraction_above(sig, 0.5)))


def smooth_pdd(t, width=0.5):
    return SmoothPDD(jax.typeof(t), width)(t)


def mass_balance(params, temps, snowfall, t_melt=273.15):
    """Daily surface mass balance (m w.e.) at each stake, accumulated over the season."""
    bias, ddf = params

    def day(balance, inputs):
        t_air, snow = inputs
        melt = ddf * smooth_pdd(t_air + bias - t_melt)
        balance = balance + snow - melt
        return balance, balance

    final, _ = jax.lax.scan(day, jnp.zeros(temps.shape[1]), (temps, snowfall))
    return final
