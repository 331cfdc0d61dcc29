"""Velocity-Verlet integration of the hanging chain, with its first particle pinned."""

import functools

import jax
import jax.numpy as jnp

from potentials import total_energy


def forces(positions, masses):
    f = -jax.grad(total_energy)(positions, masses)
    return f.at[0].set(0.0)


@functools.partial(jax.jit, static_argnames=("n_steps",))
def simulate(positions, velocities, masses, dt=1e-3, n_steps=200):
    def step(carry, _):
        x, v, f = carry
        v_half = v + 0.5 * dt * f / masses[:, None]
        x = x + dt * v_half
        f_new = forces(x, masses)
        v = v_half + 0.5 * dt * f_new / masses[:, None]
        return (x, v, f_new), total_energy(x, masses)

    f0 = forces(positions, masses)
    (x, v, _), energies = jax.lax.scan(step, (positions, velocities, f0), None, length=n_steps)
    return x, v, energies


def main(n=8, n_steps=200):
    positions = jnp.stack([jnp.arange(n, dtype=jnp.float32), jnp.zeros(n)], axis=-1)
    velocities = jnp.zeros_like(positions)
    masses = jnp.ones(n)
    x, v, energies = simulate(positions, velocities, masses, n_steps=n_steps)
    print("energy drift", float(energies[-1] - energies[0]))
    return energies


if __name__ == "__main__":
    main()
