from functools import partial

import jax
import jax.numpy as jnp

from equilibrium import residuals
from linalg_utils import columns_to_matrix, unit_vector


def jacobian_by_columns(F, x):
    """Build dF/dx one column at a time with forward-mode directional derivatives."""
    n = x.shape[0]
    cols = []
    for i in range(n):
        _, col = jax.jvp(F, (x,), (unit_vector(n, i),))
        cols.append(col)
    return columns_to_matrix(cols)


def solve_speciation(total_carbon=2e-3, sodium=1e-3, iters=30):
    F = partial(residuals, total_carbon=total_carbon, sodium=sodium)
    x = jnp.array([-7.0, -7.0, -3.0, -3.0, -5.0])
    for _ in range(iters):
        J = jacobian_by_columns(F, x)
        dx = jnp.linalg.solve(J, -F(x))
        x = x + jnp.clip(dx, -1.0, 1.0)
    return x


def main():
    x = solve_speciation()
    print("pH =", float(-x[0]), "log10 species:", x)


if __name__ == "__main__":
    main()
