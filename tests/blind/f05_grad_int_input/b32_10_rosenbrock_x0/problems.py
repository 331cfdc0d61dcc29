"""Test problems for the optimisation course (lab 2), with their standard starting points."""
import jax.numpy as jnp


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)


def booth(x):
    return (x[0] + 2 * x[1] - 7) ** 2 + (2 * x[0] + x[1] - 5) ** 2


PROBLEMS = {
    "booth": dict(fn=booth, x0=[0.0, 0.0], lr=0.05),
    "rosenbrock": dict(fn=rosenbrock, x0=[-1, 2], lr=1e-3),
}
