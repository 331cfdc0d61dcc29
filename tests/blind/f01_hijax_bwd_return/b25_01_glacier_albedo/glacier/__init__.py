"""Degree-day / energy-balance glacier mass-balance toolkit."""

from glacier.models.albedo import AlbedoRamp, albedo
from glacier.models.balance import MassBalanceConfig, surface_balance

__all__ = ["AlbedoRamp", "albedo", "MassBalanceConfig", "surface_balance"]
