"""Turbine power curve: cubic ramp between cut-in and rated speed, smoothed at both knees."""
import jax
import jax.numpy as jnp

from hiprims.base import SmoothElementwise


class PowerCurve(SmoothElementwise):
    def _ramp(self, v):
        """Smooth min(max(v - cut_in, 0), rated_speed - cut_in) and its derivative."""
        s, span = self.sharpness, self.rated_speed - self.cut_in
        lo = jax.nn.softplus(s * (v - self.cut_in)) / s
        ramp = lo - jax.nn.softplus(s * (lo - span)) / s
        dramp = jax.nn.sigmoid(s * (v - self.cut_in)) * jax.nn.sigmoid(-s * (lo - span))
        return ramp, dramp

    def f(self, v):
        span = self.rated_speed - self.cut_in
        ramp, _ = self._ramp(v)
        return self.rated_power * (ramp / span) ** 3

    def df(self, v):
        span = self.rated_speed - self.cut_in
        ramp, dramp = self._ramp(v)
        return 3.0 * self.rated_power * ramp ** 2 / span ** 3 * dramp


def power_curve(v, *, cut_in=3.0, rated_speed=12.0, rated_power=3.6, sharpness=4.0):
    return PowerCurve.apply(v, cut_in=cut_in, rated_speed=rated_speed,
                            rated_power=rated_power, sharpness=sharpness)
