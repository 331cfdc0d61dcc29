"""A Poisson GLM for event counts: log rate = features @ w + bias."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def init_params(features, counts):
    n_features = features.shape[1]
    return {
        "w": jnp.zeros((n_features, counts.shape[1])),
        # one bias per count column, same layout as a row of counts
        "bias": jnp.zeros_like(counts[0]),
    }


def log_rate(params, features):
    return features @ params["w"] + params["bias"]


def neg_log_likelihood(params, features, counts):
    eta = log_rate(params, features)
    return -jnp.mean(counts * eta - jnp.exp(eta) - gammaln(counts + 1.0))


def simulate(key, n=300, n_features=4, n_outputs=2):
    kf, kw, kc = jax.random.split(key, 3)
    features = jax.random.normal(kf, (n, n_features)) * 0.5
    true_w = jax.random.normal(kw, (n_features, n_outputs)) * 0.5
    counts = jax.random.poisson(kc, jnp.exp(features @ true_w + 1.0))
    return features, counts
