"""Relax a small Lennard-Jones cluster by steepest descent."""
import jax
import jax.numpy as jnp

from geom import project_out, safe_norm


def pair_vectors(positions):
    i, j = jnp.triu_indices(positions.shape[0], k=1)
    return positions[i] - positions[j]


def lj_energy(positions, sigma=1.0, epsilon=1.0):
    r = safe_norm(pair_vectors(positions))
    s6 = (sigma / r) ** 6
    return jnp.sum(4.0 * epsilon * (s6 * s6 - s6))


def forces(positions):
    return -jax.grad(lj_energy)(positions)


def relax(positions, steps=200, dt=1e-3):
    centre = jnp.mean(positions, axis=0)
    axis = jnp.broadcast_to(jnp.array([0.0, 0.0, 1.0]), positions.shape)
    for _ in range(steps):
        f = forces(positions)
        f = project_out(f, axis) if positions.shape[0] == 2 else f
        positions = positions + dt * f
    return positions - jnp.mean(positions, axis=0) + centre


def initial_cluster():
    return jnp.array([
        [0.0, 0.0, 0.0],
        [1.1, 0.0, 0.0],
        [0.55, 0.95, 0.0],
        [0.55, 0.32, 0.9],
    ])


def main():
    final = relax(initial_cluster())
    print("energy", float(lj_energy(final)))


if __name__ == "__main__":
    main()
