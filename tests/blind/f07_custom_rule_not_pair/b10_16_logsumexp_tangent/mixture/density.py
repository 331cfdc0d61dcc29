"""Mixture parameters and the per-point log density."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from mixture.special import logsumexp


class MixtureParams(NamedTuple):
    logits: jnp.ndarray
    means: jnp.ndarray
    log_scales: jnp.ndarray


def component_logpdf(params, x):
    z = (x[:, None] - params.means) / jnp.exp(params.log_scales)
    return -0.5 * z**2 - params.log_scales - 0.5 * jnp.log(2 * jnp.pi)


def mean_log_likelihood(params, x):
    joint = jax.nn.log_softmax(params.logits) + component_logpdf(params, x)
    return jnp.mean(logsumexp(joint))
