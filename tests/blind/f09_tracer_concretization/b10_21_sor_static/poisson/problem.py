"""A point source in a grounded box."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class BoxProblem:
    n: int = 33
    omega: float = 1.8
    sweeps: int = 40

    def source(self):
        rhs = jnp.zeros((self.n, self.n))
        return rhs.at[self.n // 2, self.n // 2].set(-1.0)


def residual_norm(u, rhs, h=1.0):
    lap = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]) / h**2
    return jnp.sqrt(jnp.mean((lap - rhs[1:-1, 1:-1]) ** 2))
