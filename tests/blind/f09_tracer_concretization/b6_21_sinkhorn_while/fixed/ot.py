"""Entropic optimal transport by log-domain Sinkhorn iterations."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def sinkhorn(cost, a, b, eps=0.05, tol=1e-4, max_iter=500):
    log_a, log_b = jnp.log(a), jnp.log(b)

    def update(f, g):
        f = eps * (log_a - logsumexp((g[None, :] - cost) / eps, axis=1))
        g = eps * (log_b - logsumexp((f[:, None] - cost) / eps, axis=0))
        return f, g

    def body(i, state):
        return update(*state)

    # a fixed iteration count (static bounds) keeps the loop reverse-differentiable
    f, g = jax.lax.fori_loop(0, max_iter, body, (jnp.zeros_like(a), jnp.zeros_like(b)))
    plan = jnp.exp((f[:, None] + g[None, :] - cost) / eps)
    return jnp.sum(plan * cost), plan
