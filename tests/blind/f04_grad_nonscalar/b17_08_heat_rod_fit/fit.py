"""Fit the rod's log-conductivity profile to a measured final temperature."""
from functools import partial

import jax
import jax.numpy as jnp

from rod import simulate

N_CELLS = 40


def misfit(log_kappa, u0, source, observed, noise=0.05):
    u_final, _ = simulate(log_kappa, u0, source)
    return ((u_final - observed) / noise) ** 2


def regulariser(log_kappa, weight):
    return weight * jnp.sum(jnp.diff(log_kappa) ** 2)


def objective(log_kappa, u0, source, observed, weight=1e-2):
    return misfit(log_kappa, u0, source, observed) + regulariser(log_kappa, weight)


def main():
    xs = jnp.linspace(0.0, 1.0, N_CELLS)
    u0 = jnp.exp(-((xs - 0.5) ** 2) / 0.01)
    source = 0.5 * jnp.ones(N_CELLS)
    true_log_kappa = jnp.log(0.5 + 0.4 * xs)
    observed, _ = simulate(true_log_kappa, u0, source)
    log_kappa = jnp.zeros(N_CELLS)
    grad_fn = jax.jit(jax.grad(partial(objective, u0=u0, source=source, observed=observed)))
    for it in range(5):
        log_kappa = log_kappa - 1e-4 * grad_fn(log_kappa)
    print("log kappa", log_kappa[:5])


if __name__ == "__main__":
    main()
