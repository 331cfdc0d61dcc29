"""Mean and variance of ReLU(z) for z ~ N(mu, var), for moment-propagating Bayesian nets."""

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def _relu_moments(mu, var):
    sigma = jnp.sqrt(var + 1e-8)
    alpha = mu / sigma
    cdf, pdf = norm.cdf(alpha), norm.pdf(alpha)
    mean = mu * cdf + sigma * pdf
    second = (mu**2 + var) * cdf + mu * sigma * pdf
    return mean, jnp.maximum(second - mean**2, 1e-8)


@jax.custom_vjp
def relu_moments(mu, var):
    return _relu_moments(mu, var)


def _fwd(mu, var):
    # Keep only the inputs; the backward pass recomputes the moments.
    mean, v = _relu_moments(mu, var)
    return mean, v, (mu, var)


def _bwd(res, cts):
    mu, var = res
    _, pullback = jax.vjp(_relu_moments, mu, var)
    return pullback(cts)


relu_moments.defvjp(_fwd, _bwd)
