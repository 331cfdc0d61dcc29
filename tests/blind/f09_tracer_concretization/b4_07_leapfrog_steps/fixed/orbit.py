"""Kepler orbit: integrate and check energy drift."""

import jax
import jax.numpy as jnp

from integrators import energy, leapfrog


def kepler_potential(q):
    return -1.0 / jnp.sqrt(jnp.sum(q ** 2) + 1e-3)


def simulate(q0, p0, dt, n_steps):
    return leapfrog(jax.grad(kepler_potential), q0, p0, dt, n_steps)


simulate_jit = jax.jit(simulate, static_argnames="n_steps")


def energy_drift(n_steps=100, dt=0.01):
    q0, p0 = jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])
    q, p = simulate_jit(q0, p0, dt, n_steps)
    return float(energy(kepler_potential, q, p) - energy(kepler_potential, q0, p0))


def main():
    print("drift", energy_drift())


if __name__ == "__main__":
    main()
