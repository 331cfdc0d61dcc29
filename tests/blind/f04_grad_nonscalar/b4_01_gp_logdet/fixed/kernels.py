"""Squared-exponential kernel and the GP marginal likelihood."""

import jax.numpy as jnp


def rbf(x1, x2, log_ell, log_sf):
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(2.0 * log_sf) * jnp.exp(-0.5 * d2 / jnp.exp(2.0 * log_ell))


def neg_log_marginal(hyp, x, y):
    n = x.shape[0]
    k = rbf(x, x, hyp["log_ell"], hyp["log_sf"]) + jnp.exp(2.0 * hyp["log_sn"]) * jnp.eye(n)
    chol = jnp.linalg.cholesky(k)
    alpha = jax_solve(chol, y)
    logdet = 2.0 * jnp.sum(jnp.log(jnp.diag(chol)))
    return 0.5 * y @ alpha + 0.5 * logdet + 0.5 * n * jnp.log(2.0 * jnp.pi)


def jax_solve(chol, y):
    from jax.scipy.linalg import cho_solve

    return cho_solve((chol, True), y)
