"""Relax the box problem and report the residual."""
import jax.numpy as jnp

from poisson.problem import BoxProblem, residual_norm
from poisson.smoother import sor_sweeps


def solve(problem=BoxProblem()):
    rhs = problem.source()
    u = jnp.zeros_like(rhs)
    u = sor_sweeps(u, rhs, problem.omega, problem.sweeps)
    return u, residual_norm(u, rhs)


def main():
    u, res = solve()
    print("peak potential", float(u.max()), "residual", float(res))


if __name__ == "__main__":
    main()
