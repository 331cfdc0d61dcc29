"""Harmonic bond force field for a bead-spring polymer."""
import jax
import jax.numpy as jnp


def bond_lengths(frame):
    return jnp.linalg.norm(frame[1:] - frame[:-1], axis=-1)


def frame_energy(k, r0, frame):
    return 0.5 * k * (bond_lengths(frame) - r0) ** 2


def trajectory_energy(k, r0, traj):
    per_bond = jax.vmap(frame_energy, in_axes=(None, None, 0))(k, r0, traj)
    return jnp.sum(per_bond)
