"""Velocity-Verlet dynamics of a 1D chain of particles joined by bonds."""

import jax
import jax.numpy as jnp

from potentials import make_potential


class Chain:
    def __init__(self, potential, mass=1.0):
        self.bond_energy = potential
        self.mass = mass

    def forces(self, x):
        bonds = jnp.diff(x)
        dE_dr = jax.vmap(jax.grad(self.bond_energy))(bonds)
        # a bond pulls its left particle with +dE/dr and its right one with -dE/dr
        return jnp.pad(dE_dr, (0, 1)) - jnp.pad(dE_dr, (1, 0))

    def energy(self, x, v):
        return jnp.sum(self.bond_energy(jnp.diff(x))) + 0.5 * self.mass * jnp.sum(v**2)

    def step(self, x, v, dt):
        a = self.forces(x) / self.mass
        x = x + dt * v + 0.5 * dt**2 * a
        v = v + 0.5 * dt * (a + self.forces(x) / self.mass)
        return x, v


def main():
    chain = Chain(make_potential("morse", depth=2.0, width=1.2))
    x = jnp.arange(8.0) * 1.05
    x = x.at[3].add(0.2)
    v = jnp.zeros_like(x)
    e0 = chain.energy(x, v)
    step = jax.jit(chain.step)
    for _ in range(200):
        x, v = step(x, v, 0.01)
    drift = float(jnp.abs(chain.energy(x, v) - e0))
    print(f"energy drift {drift:.2e}")
    return drift


if __name__ == "__main__":
    main()
