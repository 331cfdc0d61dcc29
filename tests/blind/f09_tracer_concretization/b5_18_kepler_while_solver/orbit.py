"""Positions on an elliptical orbit at given times."""

import jax.numpy as jnp

from kepler import eccentric_anomaly


def positions(ecc, semi_major, times, period: float = 10.0):
    mean_anomaly = 2.0 * jnp.pi * times / period
    e_anom = eccentric_anomaly(mean_anomaly, ecc)
    x = semi_major * (jnp.cos(e_anom) - ecc)
    y = semi_major * jnp.sqrt(1.0 - ecc**2) * jnp.sin(e_anom)
    return jnp.stack([x, y], axis=-1)
