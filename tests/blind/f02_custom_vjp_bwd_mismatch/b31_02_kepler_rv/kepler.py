"""Kepler's equation E - e sin E = M, solved by Newton iteration.

Gradients come from the implicit function theorem rather than by
differentiating through the iterations.
"""
import jax
import jax.numpy as jnp


def _newton(M, e, n_iter=12):
    E = jnp.where(e < 0.8, M, jnp.pi * jnp.ones_like(M))
    for _ in range(n_iter):
        f = E - e * jnp.sin(E) - M
        fp = 1.0 - e * jnp.cos(E)
        E = E - f / fp
    return E


@jax.custom_vjp
def eccentric_anomaly(M, e):
    return _newton(M, e)


def _ea_fwd(M, e):
    E = _newton(M, e)
    return E, (E, e)


def _ea_bwd(res, g):
    E, e = res
    denom = 1.0 - e * jnp.cos(E)
    dE_dM = 1.0 / denom
    dE_de = jnp.sin(E) / denom
    return g * dE_dM, g * dE_de


eccentric_anomaly.defvjp(_ea_fwd, _ea_bwd)


def true_anomaly(E, e):
    return 2.0 * jnp.arctan2(jnp.sqrt(1.0 + e) * jnp.sin(E / 2.0),
                             jnp.sqrt(1.0 - e) * jnp.cos(E / 2.0))
