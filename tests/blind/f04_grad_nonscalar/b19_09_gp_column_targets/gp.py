"""Exact GP regression with a squared-exponential kernel."""

import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve


def se_kernel(a, b, log_lengthscale, log_variance):
    d2 = jnp.sum((a[:, None, :] - b[None, :, :]) ** 2, axis=-1)
    return jnp.exp(log_variance) * jnp.exp(-0.5 * d2 / jnp.exp(2 * log_lengthscale))


class ExactGP:
    def __init__(self, inputs, target):
        self.inputs, self.target = inputs, target

    def neg_log_marginal(self, hyper):
        n = self.inputs.shape[0]
        k = se_kernel(self.inputs, self.inputs, hyper["log_lengthscale"], hyper["log_variance"])
        k = k + (jnp.exp(hyper["log_noise"]) + 1e-5) * jnp.eye(n)
        chol, lower = cho_factor(k, lower=True)
        alpha = cho_solve((chol, lower), self.target)
        data_fit = 0.5 * self.target.T @ alpha
        complexity = jnp.sum(jnp.log(jnp.diag(chol)))
        return data_fit + complexity + 0.5 * n * jnp.log(2 * jnp.pi)
