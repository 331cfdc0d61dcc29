"""Symplectic integrators for separable Hamiltonians."""

import jax.numpy as jnp


def leapfrog(grad_potential, q, p, dt, n_steps):
    p = p - 0.5 * dt * grad_potential(q)
    for _ in range(n_steps - 1):
        q = q + dt * p
        p = p - dt * grad_potential(q)
    q = q + dt * p
    p = p - 0.5 * dt * grad_potential(q)
    return q, p


def energy(potential, q, p):
    return potential(q) + 0.5 * jnp.sum(p ** 2)
