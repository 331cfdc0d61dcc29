"""Negative-binomial log-likelihood with a log link."""
import jax.numpy as jnp
from jax.scipy.special import gammaln


def nb_logpmf(y, mean, dispersion):
    r = 1.0 / dispersion
    return (gammaln(y + r) - gammaln(r) - gammaln(y + 1.0)
            + r * jnp.log(r / (r + mean)) + y * jnp.log(mean / (r + mean)))


def negative_log_likelihood(params, features, counts):
    log_mean = params["log_rate"] + features @ params["coef"]
    mean = jnp.minimum(jnp.exp(log_mean), 10.0 * params["peak"])
    return -jnp.mean(nb_logpmf(counts, mean, jnp.exp(params["log_dispersion"])))
