"""Kepler's equation E - e sin E = M solved by fixed-point iteration."""

import jax
import jax.numpy as jnp


def eccentric_anomaly(mean_anomaly, ecc, tol=1e-6):
    def cond(state):
        e_old, e_new = state
        return jnp.abs(e_new - e_old) > tol

    def body(state):
        _, e = state
        return e, mean_anomaly + ecc * jnp.sin(e)

    _, e = jax.lax.while_loop(cond, body, (mean_anomaly + 1.0, mean_anomaly))
    return e
