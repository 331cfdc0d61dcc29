"""Estimate Vmax and Km by Gauss-Newton from a grid-search start."""
from functools import partial

import jax
import jax.numpy as jnp

from enzyme import residuals, sse
from search import best_candidate, candidate_grid

SUBSTRATE = jnp.array([2.0, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 320.0])


def assay(key, vmax=12.5, km=37.0):
    clean = vmax * SUBSTRATE / (km + SUBSTRATE)
    return clean * (1.0 + 0.03 * jax.random.normal(key, clean.shape))


def gauss_newton(theta, substrate, rates, iters=10, damping=1e-6):
    jac_fn = jax.jacrev(residuals)
    for _ in range(iters):
        r = residuals(theta, substrate, rates)
        jac = jac_fn(theta, substrate, rates)
        step = jnp.linalg.solve(jac.T @ jac + damping * jnp.eye(2), jac.T @ r)
        theta = theta - step
    return theta


def estimate(rates):
    theta0 = best_candidate(partial(sse, substrate=SUBSTRATE, rates=rates), candidate_grid())
    return gauss_newton(theta0, SUBSTRATE, rates)


def main():
    vmax, km = estimate(assay(jax.random.key(4)))
    print(f"Vmax = {vmax:.2f} uM/min, Km = {km:.1f} uM")


if __name__ == "__main__":
    main()
