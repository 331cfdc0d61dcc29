"""Coulomb + soft repulsion + per-element electronegativity terms."""
import jax.numpy as jnp

# electronegativity chi and hardness eta by atomic number (H, C, N, O)
CHI = {1: 4.5, 6: 5.3, 7: 6.9, 8: 8.7}
ETA = {1: 13.9, 6: 10.1, 7: 11.8, 8: 13.4}


def element_table(table, numbers):
    lookup = jnp.zeros(9).at[jnp.array(list(table))].set(jnp.array(list(table.values())))
    return lookup[numbers]


def total_energy(positions, numbers, charges):
    n = positions.shape[0]
    diff = positions[:, None, :] - positions[None, :, :]
    r = jnp.sqrt(jnp.sum(diff ** 2, axis=-1) + jnp.eye(n))
    off = 1.0 - jnp.eye(n)
    coulomb = 0.5 * jnp.sum(off * 14.4 * charges[:, None] * charges[None, :] / r)
    repulsion = 0.5 * jnp.sum(off * (1.0 / r) ** 12)
    chi = element_table(CHI, numbers)
    eta = element_table(ETA, numbers)
    self_energy = jnp.sum(chi * charges + 0.5 * eta * charges ** 2)
    neutral = 50.0 * jnp.sum(charges) ** 2
    return coulomb + repulsion + self_energy + neutral
