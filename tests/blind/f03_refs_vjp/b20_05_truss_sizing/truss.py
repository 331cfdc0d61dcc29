"""Linear-elastic plane truss: stiffness assembly and compliance."""
import jax.numpy as jnp
import numpy as np

YOUNG = 200e3  # N/mm^2, steel

NODES = np.array([[0.0, 0.0], [1000.0, 0.0], [2000.0, 0.0],
                  [500.0, 800.0], [1500.0, 800.0]])
BARS = np.array([[0, 1], [1, 2], [0, 3], [1, 3], [1, 4], [2, 4], [3, 4]])
FIXED_DOFS = np.array([0, 1, 5])  # pin at node 0, roller at node 2
FREE_DOFS = np.setdiff1d(np.arange(2 * len(NODES)), FIXED_DOFS)


def _bar_geometry():
    d = NODES[BARS[:, 1]] - NODES[BARS[:, 0]]
    length = np.linalg.norm(d, axis=1)
    c, s = d[:, 0] / length, d[:, 1] / length
    direction = np.stack([-c, -s, c, s], axis=1)
    dofs = np.stack([2 * BARS[:, 0], 2 * BARS[:, 0] + 1,
                     2 * BARS[:, 1], 2 * BARS[:, 1] + 1], axis=1)
    return length, direction, dofs


LENGTH, DIRECTION, DOFS = _bar_geometry()


def stiffness(areas):
    k_bar = YOUNG * areas / LENGTH
    local = k_bar[:, None, None] * DIRECTION[:, :, None] * DIRECTION[:, None, :]
    n = 2 * len(NODES)
    k = jnp.zeros((n, n))
    rows = np.repeat(DOFS[:, :, None], 4, axis=2)
    cols = np.repeat(DOFS[:, None, :], 4, axis=1)
    return k.at[rows, cols].add(local)


def compliance(areas_ref, loads):
    """Work of the loads, f . u, with a volume term; areas are read from a Ref."""
    areas = areas_ref[...]
    k = stiffness(areas)[np.ix_(FREE_DOFS, FREE_DOFS)]
    f = loads[FREE_DOFS]
    u = jnp.linalg.solve(k, f)
    volume = jnp.sum(areas * LENGTH)
    return f @ u + 1e-4 * volume
