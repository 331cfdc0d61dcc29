"""Censored log-likelihood of the cure model: S(t) = pi + (1 - pi) S_gamma(t)."""

import jax
import jax.numpy as jnp

from survival.special import gamma_survival


def log_likelihood(params, t, event):
    cure = jax.nn.sigmoid(params["logit_cure"])
    shape, rate = jnp.exp(params["log_shape"]), jnp.exp(params["log_rate"])
    log_pdf = (shape * jnp.log(rate) + (shape - 1.0) * jnp.log(t) - rate * t
               - jax.scipy.special.gammaln(shape))
    surv = cure + (1.0 - cure) * gamma_survival(shape, rate, t)
    return jnp.sum(jnp.where(event, jnp.log1p(-cure) + log_pdf, jnp.log(surv)))
