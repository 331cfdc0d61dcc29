"""Eccentric anomaly from Kepler's equation E - e sin E = M, with implicit derivatives."""
import jax
import jax.numpy as jnp

from reductions import per_orbit

NEWTON_STEPS = 12


def _newton(M, e):
    e = e[:, None]
    E = M + e * jnp.sin(M)
    for _ in range(NEWTON_STEPS):
        f = E - e * jnp.sin(E) - M
        E = E - f / (1.0 - e * jnp.cos(E))
    return E


@jax.custom_vjp
def eccentric_anomaly(M, e):
    """M: (orbits, epochs) mean anomalies, e: (orbits,) eccentricities."""
    return _newton(M, e)


def _ea_fwd(M, e):
    E = _newton(M, e)
    return E, (E, e)


def _ea_bwd(res, g):
    E, e = res
    denom = 1.0 - e[:, None] * jnp.cos(E)
    g_M = g / denom
    g_e = per_orbit(g * jnp.sin(E) / denom)
    return g_M, g_e


eccentric_anomaly.defvjp(_ea_fwd, _ea_bwd)


def radial_velocity(t, period, ecc, omega, K):
    M = 2.0 * jnp.pi * t[None, :] / period[:, None]
    E = eccentric_anomaly(M, ecc)
    nu = 2.0 * jnp.arctan2(jnp.sqrt(1 + ecc[:, None]) * jnp.sin(E / 2),
                           jnp.sqrt(1 - ecc[:, None]) * jnp.cos(E / 2))
    return K[:, None] * (jnp.cos(nu + omega[:, None]) + ecc[:, None] * jnp.cos(omega[:, None]))
