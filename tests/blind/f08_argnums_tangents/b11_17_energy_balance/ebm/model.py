"""Surface and deep-ocean temperature anomalies driven by scaled forcings.

params = [lambda (feedback), scale_co2, scale_aerosol, scale_volcanic]
"""

import jax
import jax.numpy as jnp

C_SURF, C_DEEP, GAMMA = 8.0, 100.0, 0.7


def forcings(n_years):
    t = jnp.arange(n_years, dtype=jnp.float32)
    co2 = 0.04 * t
    aerosol = -0.01 * t * jnp.exp(-t / 80.0)
    volcanic = -2.0 * jnp.exp(-((t - 40.0) ** 2) / 2.0)
    return jnp.stack([co2, aerosol, volcanic], axis=1)  # (years, 3)


def simulate(params, f):
    lam, scales = params[0], params[1:]

    def year(state, f_t):
        ts, td = state
        forcing = jnp.dot(scales, f_t)
        ts = ts + (forcing - lam * ts - GAMMA * (ts - td)) / C_SURF
        td = td + GAMMA * (ts - td) / C_DEEP
        return (ts, td), ts

    _, ts = jax.lax.scan(year, (0.0, 0.0), f)
    return ts
