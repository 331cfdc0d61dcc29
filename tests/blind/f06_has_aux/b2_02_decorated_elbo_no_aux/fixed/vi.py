"""Mean-field Gaussian variational inference for a 1-D conjugate model."""

from functools import partial

import jax
import jax.numpy as jnp

PRIOR_SCALE = 2.0
NOISE = 0.5


def negative_elbo(q, key, data, n_samples=16):
    eps = jax.random.normal(key, (n_samples,))
    theta = q["mu"] + jnp.exp(q["log_sigma"]) * eps
    log_lik = jnp.sum(-0.5 * ((data[None, :] - theta[:, None]) / NOISE) ** 2, axis=1)
    log_prior = -0.5 * (theta / PRIOR_SCALE) ** 2
    entropy = q["log_sigma"]
    return -(jnp.mean(log_lik + log_prior) + entropy)


@jax.value_and_grad
def elbo_and_grad(q, key, data):
    return negative_elbo(q, key, data)
