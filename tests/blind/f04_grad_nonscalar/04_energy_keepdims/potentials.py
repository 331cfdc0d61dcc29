"""Lennard-Jones cluster energy."""

import jax.numpy as jnp


def pair_distances(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    n = pos.shape[0]
    r2 = jnp.sum(diff**2, axis=-1) + jnp.eye(n)
    return jnp.sqrt(r2)


def lj_energy(pos, eps=1.0, sigma=1.0):
    r = pair_distances(pos)
    n = pos.shape[0]
    inv6 = (sigma / r) ** 6
    e = 4 * eps * (inv6**2 - inv6) * (1 - jnp.eye(n))
    return 0.5 * jnp.sum(e, axis=(0, 1), keepdims=True).reshape(1)
