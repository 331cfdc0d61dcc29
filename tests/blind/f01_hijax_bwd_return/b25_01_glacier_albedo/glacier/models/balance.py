"""Daily surface mass balance of a glacier column."""

from __future__ import annotations

from dataclasses import dataclass

import jax.numpy as jnp

from glacier.models.albedo import albedo


@dataclass(frozen=True)
class MassBalanceConfig:
    melt_factor: float = 0.008   # m w.e. per (W m^-2 day)
    d_star: float = 0.12         # m, albedo e-folding depth


def surface_balance(snow_depth, shortwave, accumulation, cfg: MassBalanceConfig):
    absorbed = (1.0 - albedo(snow_depth, cfg.d_star)) * shortwave
    melt = cfg.melt_factor * absorbed / 100.0
    return accumulation - melt
