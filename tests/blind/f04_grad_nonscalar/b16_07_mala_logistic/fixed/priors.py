"""Log-densities of the priors on regression coefficients."""
import jax.numpy as jnp
from jax.scipy.stats import norm


def gaussian_log_prior(w, scale=2.5):
    """Independent N(0, scale^2) prior on each coefficient."""
    return jnp.sum(norm.logpdf(w, 0.0, scale))


def laplace_log_prior(w, scale=1.0):
    return jnp.sum(-jnp.abs(w) / scale - jnp.log(2.0 * scale))


PRIORS = {"gaussian": gaussian_log_prior, "laplace": laplace_log_prior}
