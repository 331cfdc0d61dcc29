"""Gaussian mixture as a pytree, with a log_prob method."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from densities import diag_normal_logpdf


@jax.tree_util.register_dataclass
@dataclass
class DiagGaussianMixture:
    logits: jax.Array      # (k,)
    means: jax.Array       # (k, d)
    log_scales: jax.Array  # (k, d)

    def log_prob(self, x):
        """Log-density of each row of x (n, d)."""
        comp = diag_normal_logpdf(x[:, None, :], self.means, self.log_scales)
        return logsumexp(comp + jax.nn.log_softmax(self.logits), axis=-1)

    @classmethod
    def init(cls, key, k, d):
        return cls(jnp.zeros(k), jax.random.normal(key, (k, d)), jnp.zeros((k, d)))
