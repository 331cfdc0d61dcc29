"""Weibull lifetimes from interval-censored inspections of pumps."""
import jax
import jax.numpy as jnp

from special import log1mexp


def cumulative_hazard(t, log_k, log_lam):
    return (t / jnp.exp(log_lam)) ** jnp.exp(log_k)


def interval_log_lik(params, left, right):
    """log P(left < T <= right) = -H(left) + log(1 - exp(-(H(right) - H(left))))."""
    h_left = cumulative_hazard(left, *params)
    h_right = cumulative_hazard(right, *params)
    return -h_left + log1mexp(h_right - h_left)


def neg_log_lik(params, left, right):
    return -jnp.mean(interval_log_lik(params, left, right))


def simulate(key, n=500, k=1.8, lam=900.0, every=100.0):
    t = lam * jax.random.weibull_min(key, 1.0, k, (n,))
    left = jnp.floor(t / every) * every
    return left, left + every


def fit(left, right, steps=200, lr=0.05):
    params = (jnp.array(0.0), jnp.log(jnp.mean(right)))
    grad_fn = jax.jit(jax.grad(neg_log_lik))
    for _ in range(steps):
        grads = grad_fn(params, left, right)
        params = tuple(p - lr * g for p, g in zip(params, grads))
    return params


def main():
    left, right = simulate(jax.random.PRNGKey(0))
    log_k, log_lam = fit(left, right)
    print("shape", float(jnp.exp(log_k)), "scale", float(jnp.exp(log_lam)))


if __name__ == "__main__":
    main()
