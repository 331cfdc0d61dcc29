"""Calibrate feedback and heat-uptake parameters to an abrupt-4xCO2 run."""
import jax
import jax.numpy as jnp

from ebm import misfit, simulate
from instrument import CALLS

TRUE = jnp.array([1.1, 0.7, 8.0, 100.0])   # W/m2/K, W/m2/K, W yr/m2/K, W yr/m2/K


def calibrate(n_iter=300, lr=0.02):
    forcing = jnp.full(150, 7.4)
    observed = simulate(TRUE, forcing)
    params = jnp.array([1.5, 0.5, 7.0, 80.0])
    scale = jnp.array([1.0, 1.0, 10.0, 100.0])
    grad_fn = jax.grad(misfit)
    for _ in range(n_iter):
        params = params - lr * scale**2 * grad_fn(params, forcing, observed)
    return params


def main():
    params = calibrate()
    print("lambda, gamma, C, C_deep =", params, "evaluations:", dict(CALLS))


if __name__ == "__main__":
    main()
