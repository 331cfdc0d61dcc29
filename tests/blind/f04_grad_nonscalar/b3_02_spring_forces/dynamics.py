"""Velocity-Verlet integration of the bead chain."""
import jax
import jax.numpy as jnp

from potential import Springs, energy


def forces(positions, springs):
    return -jax.grad(energy)(positions, springs)


def verlet(positions, velocities, springs, dt=0.01, steps=20, mass=1.0):
    f = forces(positions, springs)
    for _ in range(steps):
        velocities = velocities + 0.5 * dt * f / mass
        positions = positions + dt * velocities
        f = forces(positions, springs)
        velocities = velocities + 0.5 * dt * f / mass
    return positions, velocities


def main():
    n = 8
    positions = jnp.stack([jnp.arange(n) * 1.2, jnp.zeros(n), jnp.zeros(n)], axis=1)
    velocities = jnp.zeros_like(positions)
    springs = Springs(stiffness=10.0, rest_length=1.0)
    positions, velocities = verlet(positions, velocities, springs)
    kinetic = 0.5 * jnp.sum(velocities**2)
    print("kinetic energy", float(kinetic))
    return positions


if __name__ == "__main__":
    main()
