"""Fractional surface coverage with a custom VJP in the affinity constant."""
import jax

from isotherm_math import langmuir_value_and_slope


@jax.custom_vjp
def coverage(affinity, pressure):
    return affinity * pressure / (1.0 + affinity * pressure)


def _coverage_fwd(affinity, pressure):
    return langmuir_value_and_slope(pressure, affinity)


def _coverage_bwd(slope, g):
    return (g * slope).sum(), None


coverage.defvjp(_coverage_fwd, _coverage_bwd)
