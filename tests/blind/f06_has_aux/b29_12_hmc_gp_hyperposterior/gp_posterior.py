"""Posterior over GP hyperparameters (log lengthscale, log amplitude, log noise)."""
import jax.numpy as jnp
from jax.scipy import stats
from jax.scipy.linalg import cho_solve


class GPHyperPosterior:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def kernel(self, theta):
        log_ell, log_amp, log_noise = theta
        d2 = (self.x[:, None] - self.x[None, :]) ** 2
        K = jnp.exp(2 * log_amp) * jnp.exp(-0.5 * d2 / jnp.exp(2 * log_ell))
        return K + (jnp.exp(2 * log_noise) + 1e-6) * jnp.eye(self.x.shape[0])

    def log_prob(self, theta):
        L = jnp.linalg.cholesky(self.kernel(theta))
        alpha = cho_solve((L, True), self.y)
        log_lik = -0.5 * self.y @ alpha - jnp.sum(jnp.log(jnp.diag(L)))
        log_prior = jnp.sum(stats.norm.logpdf(theta, jnp.array([0.0, 0.0, -1.0]), 1.0))
        return log_lik + log_prior, {"log_lik": log_lik, "log_prior": log_prior}
