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

    def body(state):
        f, g, _, i = state
        f_new, g_new = update(f, g)
        return f_new, g_new, jnp.max(jnp.abs(f_new - f)), i + 1

    def not_converged(state):
        _, _, err, i = state
        return (err > tol) & (i < max_iter)

    init = (jnp.zeros_like(a), jnp.zeros_like(b), jnp.inf, 0)
    f, g, _, _ = jax.lax.while_loop(not_converged, body, init)
    plan = jnp.exp((f[:, None] + g[None, :] - cost) / eps)
    return jnp.sum(plan * cost), plan
