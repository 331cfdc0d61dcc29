"""Bayesian linear regression: log joint density of weights and data."""
import jax.numpy as jnp
from jax.scipy import stats


class LinearModel:
    def __init__(self, prior_scale=1.0, noise_scale=0.3):
        self.prior_scale = prior_scale
        self.noise_scale = noise_scale

    def log_prior(self, w):
        return jnp.sum(stats.norm.logpdf(w, 0.0, self.prior_scale))

    def log_likelihood(self, w, x, y):
        mu = x @ w
        return stats.norm.logpdf(y, mu, self.noise_scale)

    def log_joint(self, w, x, y):
        return self.log_prior(w) + self.log_likelihood(w, x, y)
