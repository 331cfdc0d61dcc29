"""A diagonal Gaussian mixture with unconstrained parameters."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from reductions import batch_mean


class Mixture(NamedTuple):
    logits: jax.Array  # (K,)
    means: jax.Array   # (K, D)
    log_std: jax.Array  # (K, D)


def component_log_probs(m, x):
    z = (x[:, None, :] - m.means) / jnp.exp(m.log_std)
    return -0.5 * jnp.sum(z**2 + 2 * m.log_std + jnp.log(2 * jnp.pi), axis=-1)


def nll(m, x):
    lp = component_log_probs(m, x) + jax.nn.log_softmax(m.logits)
    return -batch_mean(logsumexp(lp, axis=-1))
