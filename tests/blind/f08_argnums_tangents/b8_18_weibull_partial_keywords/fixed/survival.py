"""Weibull proportional-hazards model for right-censored survival times."""
import functools

import jax
import jax.numpy as jnp


def neg_log_lik(times, events, covariates, theta):
    """theta = (log_shape, log_scale, beta...)."""
    k = jnp.exp(theta[0])
    lam = jnp.exp(theta[1] + covariates @ theta[2:])
    z = times / lam
    log_hazard = jnp.log(k) - jnp.log(lam) + (k - 1.0) * jnp.log(z)
    return -jnp.mean(events * log_hazard - z**k)


def gradient_for(times, events, covariates):
    """Gradient of the NLL in theta with the data bound."""
    grad_nll = jax.grad(neg_log_lik, argnums=3)
    return functools.partial(grad_nll, times, events, covariates)
