"""Langmuir isotherm values and their pressure slopes, vectorised over pressures."""
import jax.numpy as jnp


def langmuir_value_and_slope(pressure, affinity):
    denom = 1.0 + affinity * pressure
    value = affinity * pressure / denom
    slope = pressure / denom**2          # d value / d affinity
    return jnp.stack([value, slope])
