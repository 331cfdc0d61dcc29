"""A rock-salt cluster and the crystal directions we probe along."""
import itertools

import jax.numpy as jnp

SPACING = 2.82  # angstrom


def rocksalt_cluster(n=2):
    sites = jnp.array(list(itertools.product(range(-n, n + 1), repeat=3)), jnp.float32)
    charges = jnp.where(jnp.sum(sites, axis=1) % 2 == 0, 1.0, -1.0)
    return SPACING * sites, charges


def probe_directions():
    """The [100], [110] and [111] directions, one per row."""
    return jnp.array([[1, 0, 0], [1, 1, 0], [1, 1, 1]], jnp.float32)
