"""Steepest descent with Armijo backtracking for the PK rate constants."""
import jax
import jax.numpy as jnp

from objectives import make_objective
from pkmodel import observed, simulate

TIMES = jnp.array([0.25, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 24.0])
DOSE = 100.0
TRUE_THETA = jnp.log(jnp.array([1.2, 0.15, 0.4, 0.2]))


def backtracking(f, x, fx, g, step=1.0, shrink=0.5, c=1e-4, max_halvings=20):
    for _ in range(max_halvings):
        x_new = x - step * g
        if f(x_new) <= fx - c * step * jnp.dot(g, g):
            return x_new, step
        step *= shrink
    return x, 0.0


def fit(objective, theta0, iterations=25):
    value_and_grad = jax.jit(jax.value_and_grad(objective))
    f = jax.jit(objective)
    theta = theta0
    for _ in range(iterations):
        fx, g = value_and_grad(theta)
        theta, step = backtracking(f, theta, fx, g)
        if step == 0.0:
            break
    return theta, fx


def main(iterations=25):
    data = observed(simulate(TRUE_THETA, DOSE, TIMES))
    data = data * (1.0 + 0.05 * jnp.sin(3.0 * TIMES))[:, None]
    objective = make_objective(TIMES, data, DOSE, weights=(1.0, 0.25))
    theta, fx = fit(objective, jnp.log(jnp.array([0.8, 0.1, 0.3, 0.3])), iterations)
    print(f"objective {float(fx):.5f}; rates {jnp.exp(theta)}")
    return fx


if __name__ == "__main__":
    main()
