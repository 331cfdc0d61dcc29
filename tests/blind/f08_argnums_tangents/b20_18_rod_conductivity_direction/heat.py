"""Steady conduction -(k T')' = q with fixed end temperatures, cell-wise conductivity k."""
import jax.numpy as jnp


def solve_temperature(k_cells, mesh, q=50.0, t_left=300.0, t_right=320.0):
    """Temperatures at the cell centres; face conductivities by harmonic averaging."""
    n, dx = mesh.n_cells, mesh.dx
    k_face = 2.0 * k_cells[1:] * k_cells[:-1] / (k_cells[1:] + k_cells[:-1])
    k_left, k_right = k_cells[0], k_cells[-1]
    west = jnp.concatenate([jnp.array([2.0 * k_left]), k_face]) / dx ** 2
    east = jnp.concatenate([k_face, jnp.array([2.0 * k_right])]) / dx ** 2
    a = jnp.diag(west + east) - jnp.diag(k_face / dx ** 2, 1) - jnp.diag(k_face / dx ** 2, -1)
    rhs = jnp.full(n, q)
    rhs = rhs.at[0].add(2.0 * k_left * t_left / dx ** 2).at[-1].add(2.0 * k_right * t_right / dx ** 2)
    return jnp.linalg.solve(a, rhs)


def peak_temperature(k_cells, mesh):
    t = solve_temperature(k_cells, mesh)
    return jnp.max(t)
