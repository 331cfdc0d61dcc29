"""Eccentric anomaly E(M, e) by Newton's method, differentiated implicitly."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def eccentric_anomaly(M, e):
    E = M + e * jnp.sin(M)
    def newton(_, E):
        return E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    return jax.lax.fori_loop(0, 8, newton, E)


def kepler_jacobian(E, e):
    """Rows [dE/dM, dE/de] of the implicit-function Jacobian, one row per epoch."""
    denom = 1.0 - e * jnp.cos(E)
    return jnp.stack([1.0 / denom, jnp.sin(E) / denom], axis=-1)


@eccentric_anomaly.defjvp
def _eccentric_anomaly_jvp(primals, tangents):
    M, e = primals
    t_M, t_e = tangents
    E = eccentric_anomaly(M, e)
    jac = kepler_jacobian(E, e)                                   # (n, 2)
    t_in = jnp.stack([t_M, jnp.broadcast_to(t_e, t_M.shape)])     # (2, n)
    return E, jnp.sum(jac * t_in.T, axis=-1)
