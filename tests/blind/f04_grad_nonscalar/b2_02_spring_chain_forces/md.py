"""Velocity-Verlet molecular dynamics of a spring chain."""

import jax
import jax.numpy as jnp

from potentials import spring_energy


def forces(positions):
    return -jax.grad(spring_energy)(positions)


def verlet(positions, velocities, dt, n_steps, mass=1.0):
    f = forces(positions)
    for _ in range(n_steps):
        velocities = velocities + 0.5 * dt * f / mass
        positions = positions + dt * velocities
        f = forces(positions)
        velocities = velocities + 0.5 * dt * f / mass
    return positions, velocities


def main(n_steps=20):
    chain = jnp.stack([jnp.arange(5.0) * 1.2, jnp.zeros(5)], axis=-1)
    pos, vel = verlet(chain, jnp.zeros_like(chain), 0.01, n_steps)
    span = float(pos[-1, 0] - pos[0, 0])
    print("span", span)
    return span


if __name__ == "__main__":
    main()
