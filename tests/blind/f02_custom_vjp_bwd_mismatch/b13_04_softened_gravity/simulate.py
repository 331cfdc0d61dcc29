import jax
import jax.numpy as jnp

from nbody.system import forces, potential_energy


def leapfrog(positions, velocities, masses, dt=1e-3, steps=100):
    acc = forces(positions, masses) / masses[:, None]
    for _ in range(steps):
        velocities = velocities + 0.5 * dt * acc
        positions = positions + dt * velocities
        acc = forces(positions, masses) / masses[:, None]
        velocities = velocities + 0.5 * dt * acc
    return positions, velocities


def main():
    kp, kv = jax.random.split(jax.random.key(7))
    positions = jax.random.normal(kp, (16, 3))
    velocities = 0.1 * jax.random.normal(kv, (16, 3))
    masses = jnp.full(16, 1.0 / 16)
    positions, velocities = leapfrog(positions, velocities, masses, steps=20)
    energy = potential_energy(positions, masses) + 0.5 * jnp.sum(masses[:, None] * velocities**2)
    print("total energy", float(energy))
    return energy


if __name__ == "__main__":
    main()
