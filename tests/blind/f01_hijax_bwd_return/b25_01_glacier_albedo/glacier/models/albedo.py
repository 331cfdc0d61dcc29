"""Snow-to-ice albedo transition as a smooth ramp in snow depth."""

from __future__ import annotations

import jax.numpy as jnp

from glacier.core.prims import LoggedPrim

ALBEDO_ICE = 0.35
ALBEDO_SNOW = 0.85


class AlbedoRamp(LoggedPrim):
    """albedo(d) = ice + (snow - ice) * (1 - exp(-d / d_star))."""

    log_keys = ("mean_sensitivity",)

    def forward(self, depth):
        return ALBEDO_ICE + (ALBEDO_SNOW - ALBEDO_ICE) * (1.0 - jnp.exp(-depth / self.d_star))

    def backward(self, depth, g, x_acc):
        slope = (ALBEDO_SNOW - ALBEDO_ICE) / self.d_star * jnp.exp(-depth / self.d_star)
        x_acc.accum(g * slope)
        return {"mean_sensitivity": jnp.mean(slope), "max_sensitivity": jnp.max(slope)}


def albedo(depth, d_star=0.1):
    return AlbedoRamp.apply(depth, d_star=d_star)
