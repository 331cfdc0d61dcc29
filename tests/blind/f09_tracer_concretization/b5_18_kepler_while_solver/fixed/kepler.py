"""Solve Kepler's equation E - e sin E = M by fixed-point iteration."""

import jax
import jax.numpy as jnp

TOL = 1e-6


def eccentric_anomaly(mean_anomaly: jax.Array, ecc: jax.Array) -> jax.Array:
    def not_done(state):
        e_old, e_new = state
        return jnp.max(jnp.abs(e_new - e_old)) > TOL

    def iterate(state):
        _, e = state
        return e, mean_anomaly + ecc * jnp.sin(e)

    start = (mean_anomaly + 1.0, mean_anomaly)
    return jax.lax.fori_loop(0, 60, lambda _, state: iterate(state), start)[1]
