"""Kepler's equation M = E - e sin E, solved by Newton iterations."""
import jax
import jax.numpy as jnp

TOL = 1e-6


def eccentric_anomaly(mean_anomaly, ecc):
    def not_converged(state):
        _, delta, it = state
        return (jnp.max(jnp.abs(delta)) > TOL) & (it < 50)

    def newton(state):
        e_anom, _, it = state
        f = e_anom - ecc * jnp.sin(e_anom) - mean_anomaly
        delta = f / (1.0 - ecc * jnp.cos(e_anom))
        return e_anom - delta, delta, it + 1

    e0 = mean_anomaly + 0.85 * ecc * jnp.sign(jnp.sin(mean_anomaly))
    e_anom, _, _ = jax.lax.while_loop(not_converged, newton, (e0, jnp.ones_like(e0), 0))
    return e_anom


def true_anomaly(e_anom, ecc):
    return 2.0 * jnp.arctan2(jnp.sqrt(1 + ecc) * jnp.sin(e_anom / 2),
                             jnp.sqrt(1 - ecc) * jnp.cos(e_anom / 2))
