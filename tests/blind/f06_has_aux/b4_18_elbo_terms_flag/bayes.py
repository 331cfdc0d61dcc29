"""Mean-field variational Bayesian linear regression."""

import jax
import jax.numpy as jnp


def init_posterior(dim):
    return {"mu": jnp.zeros(dim), "log_sigma": jnp.full(dim, -1.0)}


def negative_elbo(q, x, y, key, noise=0.3, n_samples=4, with_terms=False):
    eps = jax.random.normal(key, (n_samples,) + q["mu"].shape)
    w = q["mu"] + jnp.exp(q["log_sigma"]) * eps
    pred = w @ x.T
    nll = 0.5 * jnp.mean(jnp.sum(((pred - y) / noise) ** 2, axis=-1))
    sigma2 = jnp.exp(2.0 * q["log_sigma"])
    kl = 0.5 * jnp.sum(sigma2 + q["mu"] ** 2 - 1.0 - 2.0 * q["log_sigma"])
    if with_terms:
        return nll + kl, {"nll": nll, "kl": kl}
    return nll + kl
