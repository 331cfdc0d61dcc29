"""Entropic optimal transport by log-domain Sinkhorn iterations."""
from typing import NamedTuple

import jax.numpy as jnp
from jax.scipy.special import logsumexp


class SinkhornSettings(NamedTuple):
    epsilon: float = 0.05
    n_iters: int = 60


def sinkhorn_cost(C, a, b, settings):
    eps = settings.epsilon
    f = jnp.zeros_like(a)
    g = jnp.zeros_like(b)
    for _ in range(settings.n_iters):
        f = -eps * logsumexp((g[None, :] - C) / eps + jnp.log(b)[None, :], axis=1)
        g = -eps * logsumexp((f[:, None] - C) / eps + jnp.log(a)[:, None], axis=0)
    P = jnp.exp((f[:, None] + g[None, :] - C) / eps) * a[:, None] * b[None, :]
    return jnp.sum(P * C)
