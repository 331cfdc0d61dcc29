"""Count-data likelihoods for time-correlated single photon counting (TCSPC)."""
import jax.numpy as jnp
from jax.scipy.special import gammaln


def poisson_nll(counts, rate):
    """Negative Poisson log-likelihood of repeated histograms, shape (frames, bins)."""
    return jnp.sum(rate - counts * jnp.log(rate) + gammaln(counts + 1.0), axis=-1)


def gaussian_prior(value, mean, sd):
    return 0.5 * ((value - mean) / sd) ** 2
