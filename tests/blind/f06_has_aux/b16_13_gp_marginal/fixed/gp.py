"""Negative log marginal likelihood of a GP regression model."""
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve

from kernels import matern32


def neg_log_marginal(hyp, x, y):
    k = matern32(x, x, hyp["log_ell"], hyp["log_sf"])
    k = k + (jnp.exp(2.0 * hyp["log_sn"]) + 1e-6) * jnp.eye(x.shape[0])
    chol = jnp.linalg.cholesky(k)
    alpha = cho_solve((chol, True), y)
    data_fit = 0.5 * y @ alpha
    logdet = jnp.sum(jnp.log(jnp.diag(chol)))
    nll = data_fit + logdet + 0.5 * x.shape[0] * jnp.log(2.0 * jnp.pi)
    return nll, {"data_fit": data_fit, "logdet": logdet}
