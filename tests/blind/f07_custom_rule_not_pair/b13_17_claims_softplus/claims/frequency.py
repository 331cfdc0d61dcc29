"""Claim-frequency model: counts ~ Poisson(exposure * link(X @ beta))."""

import jax.numpy as jnp

from claims.links import LINKS


def expected_claims(beta, features, exposure, link="softplus"):
    return exposure * LINKS[link](features @ beta)


def poisson_deviance(beta, features, exposure, counts, link="softplus"):
    mu = expected_claims(beta, features, exposure, link)
    safe = jnp.where(counts > 0, counts, 1.0)
    return 2.0 * jnp.mean(jnp.where(counts > 0, counts * jnp.log(safe / mu), 0.0) - (counts - mu))
