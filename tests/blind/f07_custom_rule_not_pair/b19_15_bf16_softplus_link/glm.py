"""Poisson regression of hourly bike rentals with a softplus link, bfloat16 compute."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from numerics import softplus_link


@dataclass(frozen=True)
class PrecisionPolicy:
    param_dtype: object = jnp.float32
    compute_dtype: object = jnp.bfloat16

    def cast(self, tree):
        return jax.tree.map(lambda a: a.astype(self.compute_dtype), tree)


POLICY = PrecisionPolicy()


def rate(params, x, policy=POLICY):
    p, x = policy.cast(params), x.astype(policy.compute_dtype)
    return softplus_link(x @ p["coef"] + p["intercept"]).astype(jnp.float32)


def poisson_nll(params, x, counts):
    lam = rate(params, x) + 1e-6
    return jnp.mean(lam - counts * jnp.log(lam))
