"""Mean-variance allocation by an interior-point path: minimise risk - return + mu * barrier."""
import jax
import jax.numpy as jnp

from barrier import log_barrier


def objective(w, mean, cov, risk_aversion, mu):
    utility = w @ mean - 0.5 * risk_aversion * w @ cov @ w
    return -utility + mu * log_barrier(w)


def solve(mean, cov, risk_aversion=4.0, mu0=1e-2, outer=5, inner=60, lr=0.01):
    n = mean.shape[0]
    w = jnp.full((n,), 0.9 / n)
    grad_fn = jax.jit(jax.grad(objective))
    mu = mu0
    for _ in range(outer):
        for _ in range(inner):
            step = lr * grad_fn(w, mean, cov, risk_aversion, mu)
            w = jnp.clip(w - step, 1e-6, None)
            w = jnp.where(jnp.sum(w) >= 1.0, w / (jnp.sum(w) + 1e-3), w)
        mu = mu * 0.2
    return w
