"""Morse pair potential resolved into per-atom site energies."""
import jax.numpy as jnp


def pair_distances(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    return jnp.sqrt(jnp.sum(diff**2, axis=-1) + jnp.eye(pos.shape[0]))


def site_energies(pos, depth=1.0, alpha=1.5, r0=1.2):
    r = pair_distances(pos)
    morse = depth * (1.0 - jnp.exp(-alpha * (r - r0))) ** 2 - depth
    morse = jnp.where(jnp.eye(pos.shape[0], dtype=bool), 0.0, morse)
    return 0.5 * jnp.sum(morse, axis=1)
