"""Cumulative-link (ordinal logistic) model for star ratings."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class OrdinalParams(NamedTuple):
    weights: jax.Array
    cutpoints: jax.Array


def init_params(n_features, n_levels):
    half = (n_levels - 1) // 2
    return OrdinalParams(
        weights=jnp.zeros(n_features),
        cutpoints=jnp.asarray(np.arange(-half, n_levels - 1 - half)),
    )


def log_likelihood(params, x, y):
    eta = x @ params.weights
    cdf = jax.nn.sigmoid(params.cutpoints[None, :] - eta[:, None])
    cdf = jnp.concatenate([jnp.zeros((x.shape[0], 1)), cdf, jnp.ones((x.shape[0], 1))], axis=1)
    probs = cdf[:, 1:] - cdf[:, :-1]
    return jnp.sum(jnp.log(jnp.take_along_axis(probs, y[:, None], axis=1) + 1e-9))
