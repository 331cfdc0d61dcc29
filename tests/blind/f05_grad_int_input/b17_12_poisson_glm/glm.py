"""Poisson GLM for spike counts with an exponential link."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class GLMState:
    coef: jax.Array
    intercept: jax.Array


def init_state(features, counts):
    n_features = features.shape[1]
    baseline = jnp.log(jnp.mean(counts) + 1e-3)
    return GLMState(coef=jnp.zeros(n_features, dtype=counts.dtype), intercept=baseline)


def neg_log_lik(coef, intercept, features, counts):
    eta = features @ coef + intercept
    return jnp.mean(jnp.exp(eta) - counts * eta)
