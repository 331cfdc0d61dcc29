"""Latent intensity of weekly disease counts along a transect, with a random-walk prior."""
import jax.numpy as jnp
import numpy as np


class PoissonRandomWalk:
    def __init__(self, counts, tau=4.0):
        self.counts = jnp.asarray(counts)
        self.tau = tau

    @classmethod
    def simulate(cls, n=60, seed=0):
        rng = np.random.default_rng(seed)
        log_rate = 2.0 + np.cumsum(0.15 * rng.standard_normal(n))
        return cls(rng.poisson(np.exp(log_rate)))

    def initial_state(self):
        """Start the chain at the observed intensities (kept away from zero)."""
        return jnp.maximum(self.counts, 1).astype(jnp.float32)

    def log_prob(self, rate):
        log_rate = jnp.log(jnp.maximum(rate, 1e-3))
        loglik = jnp.sum(self.counts * log_rate - rate)
        prior = -0.5 * self.tau * jnp.sum(jnp.diff(log_rate) ** 2)
        return loglik + prior
