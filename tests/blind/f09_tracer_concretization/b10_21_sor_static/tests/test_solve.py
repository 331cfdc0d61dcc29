import jax.numpy as jnp

from poisson.problem import BoxProblem
from solve import solve


def test_potential_positive_at_source():
    u, res = solve(BoxProblem(n=17, sweeps=5))
    assert u[8, 8] > 0 and jnp.isfinite(res)
