"""ARD squared-exponential covariance with a hand-written adjoint (from covSEard.m)."""
import jax
import jax.numpy as jnp

from matlab_compat import msum


@jax.custom_vjp
def se_ard(X, log_ell, log_sf):
    ell = jnp.exp(log_ell)
    diff = (X[:, None, :] - X[None, :, :]) / ell
    return jnp.exp(2.0 * log_sf) * jnp.exp(-0.5 * jnp.sum(diff ** 2, axis=-1))


def _se_ard_fwd(X, log_ell, log_sf):
    K = se_ard(X, log_ell, log_sf)
    return K, (X, log_ell, K)


def _se_ard_bwd(res, G):
    X, log_ell, K = res
    ell = jnp.exp(log_ell)
    diff = (X[:, None, :] - X[None, :, :]) / ell
    GK = G * K
    # dK/dlog_ell_d = K * diff_d^2, summed over both point indices
    g_log_ell = msum(msum(GK[:, :, None] * diff ** 2, 1), 2)
    g_log_sf = 2.0 * jnp.sum(GK)
    g_X = -jnp.sum(GK[:, :, None] * diff / ell, axis=1) + jnp.sum(GK[:, :, None] * diff / ell, axis=0)
    return g_X, g_log_ell, g_log_sf


se_ard.defvjp(_se_ard_fwd, _se_ard_bwd)
