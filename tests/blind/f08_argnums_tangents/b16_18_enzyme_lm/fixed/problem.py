"""A least-squares problem description and the probe directions for its Jacobian."""
from typing import Callable, NamedTuple

import jax.numpy as jnp


class Problem(NamedTuple):
    residual: Callable
    n_params: int
    n_obs: int


def probe_directions(problem: Problem):
    """Unit vectors that pick out the Jacobian's columns one at a time."""
    return jnp.eye(problem.n_params)
