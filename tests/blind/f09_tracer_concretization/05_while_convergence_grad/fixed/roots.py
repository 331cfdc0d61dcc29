"""Kepler's equation E - e sin E = M solved by fixed-point iteration."""

import jax
import jax.numpy as jnp


def eccentric_anomaly(mean_anomaly, ecc, iters=50):
    def body(_, e):
        return mean_anomaly + ecc * jnp.sin(e)

    return jax.lax.fori_loop(0, iters, body, mean_anomaly)
