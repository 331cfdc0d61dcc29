"""Bead-spring chain relaxed by gradient descent on the FENE + harmonic energy."""
import jax
import jax.numpy as jnp

from geometry import bond_length

K_BOND = 30.0
R0 = 1.5
K_ANGLE = 2.0
N_BEADS = 12


def fene_energy(positions):
    dr = positions[1:] - positions[:-1]
    r = bond_length(dr)
    return jnp.sum(-0.5 * K_BOND * R0 ** 2 * jnp.log1p(-(r / R0) ** 2))


def angle_energy(positions):
    b = positions[1:] - positions[:-1]
    cos = jnp.sum(b[1:] * b[:-1], axis=-1) / (bond_length(b[1:]) * bond_length(b[:-1]))
    return K_ANGLE * jnp.sum(1.0 - cos)


def total_energy(positions):
    return fene_energy(positions) + angle_energy(positions)


forces = jax.jit(lambda x: -jax.grad(total_energy)(x))


def relax(positions, steps=200, dt=1e-3):
    for _ in range(steps):
        positions = positions + dt * forces(positions)
    return positions


def main():
    key = jax.random.PRNGKey(42)
    steps = 0.9 * jax.random.normal(key, (N_BEADS, 3)) / jnp.sqrt(3.0)
    chain = jnp.cumsum(steps, axis=0)
    print("initial energy", total_energy(chain))
    chain = relax(chain)
    print("relaxed energy", total_energy(chain))
    return chain


if __name__ == "__main__":
    main()
