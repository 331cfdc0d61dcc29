"""Negative log marginal likelihood of a zero-mean GP."""
from typing import NamedTuple

import jax.numpy as jnp
from jax.scipy.linalg import cho_solve

from gp.kernels import ard_rbf


class Hyper(NamedTuple):
    log_lengthscales: jnp.ndarray
    log_amplitude: jnp.ndarray
    log_noise: jnp.ndarray


def neg_log_marginal(hyper, x, y):
    n = x.shape[0]
    amp = jnp.exp(2 * hyper.log_amplitude)
    noise = jnp.exp(2 * hyper.log_noise)
    k = amp * ard_rbf(x, x, jnp.exp(hyper.log_lengthscales)) + noise * jnp.eye(n)
    chol = jnp.linalg.cholesky(k)
    alpha = cho_solve((chol, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(chol))) + 0.5 * n * jnp.log(2 * jnp.pi)
