"""Bayesian logistic regression for loan default with a Laplace posterior."""

import jax
import jax.numpy as jnp

from laplace import laplace_covariance
from map_fit import fit_map

PRIOR_SCALE = 2.0


def neg_log_joint(params, x, y):
    logits = x @ params["w"] + params["b"]
    nll = jnp.sum(jnp.logaddexp(0.0, logits) - y * logits)
    prior = 0.5 * (jnp.sum(params["w"] ** 2) + params["b"] ** 2) / PRIOR_SCALE**2
    return nll + prior


def loan_book(key, n=400):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, 3))
    p = jax.nn.sigmoid(x @ jnp.array([1.5, -1.0, 0.5]) - 1.0)
    return x, jax.random.bernoulli(k2, p).astype(jnp.float32)


def main():
    key = jax.random.PRNGKey(0)
    x, y = loan_book(key)
    init = {"w": jnp.zeros(3), "b": jnp.float32(0.0)}
    result = fit_map(neg_log_joint, init, x, y, jax.random.key(1))
    mean, cov = laplace_covariance(lambda p: neg_log_joint(p, x, y), result)
    sd = jnp.sqrt(jnp.diag(cov))
    print("posterior mean:", mean.round(3).tolist(), "sd:", sd.round(3).tolist())
    return sd


if __name__ == "__main__":
    main()
