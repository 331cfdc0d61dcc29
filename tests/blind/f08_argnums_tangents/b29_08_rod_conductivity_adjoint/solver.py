"""Steady 1-D conduction -(k T')' = q with fixed end temperatures, central differences."""
import jax.numpy as jnp

T_LEFT, T_RIGHT = 20.0, 80.0


def assemble(log_k, dx):
    k = jnp.exp(log_k)                       # conductivity at the N+1 cell faces
    main = (k[:-1] + k[1:]) / dx ** 2
    off = -k[1:-1] / dx ** 2
    return jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1), k


def solve_temperature(log_k, q, dx):
    A, k = assemble(log_k, dx)
    rhs = q.at[0].add(k[0] * T_LEFT / dx ** 2).at[-1].add(k[-1] * T_RIGHT / dx ** 2)
    return jnp.linalg.solve(A, rhs)
