"""Kepler's equation M = E - e sin E, solved by Newton iterations."""
import jax
import jax.numpy as jnp

NEWTON_STEPS = 12


def eccentric_anomaly(mean_anomaly, ecc):
    def newton(_, e_anom):
        f = e_anom - ecc * jnp.sin(e_anom) - mean_anomaly
        return e_anom - f / (1.0 - ecc * jnp.cos(e_anom))

    e0 = mean_anomaly + 0.85 * ecc * jnp.sign(jnp.sin(mean_anomaly))
    return jax.lax.fori_loop(0, NEWTON_STEPS, newton, e0)


def true_anomaly(e_anom, ecc):
    return 2.0 * jnp.arctan2(jnp.sqrt(1 + ecc) * jnp.sin(e_anom / 2),
                             jnp.sqrt(1 - ecc) * jnp.cos(e_anom / 2))
