"""Initial configurations for a 2-D particle lattice."""

import jax.numpy as jnp


def square_lattice(n):
    """Unit-spacing square lattice, one row per particle."""
    return jnp.indices((n, n)).reshape(2, -1).T


def lennard_jones(positions, eps=1.0, sigma=1.0):
    diff = positions[:, None, :] - positions[None, :, :]
    r2 = jnp.sum(diff**2, axis=-1) + jnp.eye(positions.shape[0])
    inv6 = (sigma**2 / r2) ** 3
    pair = 4.0 * eps * (inv6**2 - inv6)
    return 0.5 * jnp.sum(pair * (1.0 - jnp.eye(positions.shape[0])))
