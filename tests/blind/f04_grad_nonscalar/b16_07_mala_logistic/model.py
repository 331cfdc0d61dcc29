"""Bayesian logistic regression for a bioassay (dose, sex, weight -> death)."""
import jax
import jax.numpy as jnp

from priors import PRIORS


def log_likelihood(w, x, y):
    logits = x @ w
    return jnp.sum(y * jax.nn.log_sigmoid(logits) + (1 - y) * jax.nn.log_sigmoid(-logits))


def make_log_posterior(prior="gaussian"):
    log_prior = PRIORS[prior]

    def log_posterior(w, x, y):
        return log_likelihood(w, x, y) + log_prior(w)

    return log_posterior
