"""Mean-field variational inference for Bayesian logistic regression."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Posterior(NamedTuple):
    mean: jax.Array
    log_std: jax.Array


class ElboTerms(NamedTuple):
    loss: jax.Array
    nll: jax.Array
    kl: jax.Array


def kl_to_standard_normal(q):
    var = jnp.exp(2 * q.log_std)
    return 0.5 * jnp.sum(var + q.mean ** 2 - 1.0 - 2 * q.log_std)


def negative_elbo(q, key, X, y, n_samples=8):
    eps = jax.random.normal(key, (n_samples,) + q.mean.shape)
    w = q.mean + jnp.exp(q.log_std) * eps
    logits = X @ w.T
    ll = jnp.sum(y[:, None] * logits - jax.nn.softplus(logits), axis=0)
    nll = -jnp.mean(ll)
    kl = kl_to_standard_normal(q)
    return nll + kl, ElboTerms(nll + kl, nll, kl)
