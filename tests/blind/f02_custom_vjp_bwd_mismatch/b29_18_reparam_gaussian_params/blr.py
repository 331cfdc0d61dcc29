"""Bayesian logistic regression for loan defaults, fitted by stochastic VI."""
import jax
import jax.numpy as jnp

from distributions import GaussianParams, entropy, reparam_sample


class MeanFieldGuide:
    def __init__(self, dim):
        self.dim = dim

    def init(self):
        return {"mu": jnp.zeros(self.dim), "log_sigma": jnp.full(self.dim, -2.0)}

    def as_params(self, state):
        return (state["mu"], state["log_sigma"])


def log_joint(w, X, y, prior_scale=2.0):
    logits = X @ w
    loglik = jnp.sum(y * logits - jnp.logaddexp(0.0, logits))
    return loglik - 0.5 * jnp.sum(w ** 2) / prior_scale ** 2


def negative_elbo(state, guide, X, y, key, n_draws=8):
    params = guide.as_params(state)
    eps = jax.random.normal(key, (n_draws, guide.dim))
    w = reparam_sample(params, eps)
    ell = jnp.mean(jax.vmap(lambda wi: log_joint(wi, X, y))(w))
    return -(ell + entropy(GaussianParams(*params)))
