"""Hamiltonian of a pendulum and its symplectic Euler integrator."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Pendulum:
    mass: float = 1.0
    length: float = 1.0
    gravity: float = 9.81

    def energy(self, state):
        theta, p = state[..., 0], state[..., 1]
        kinetic = p**2 / (2.0 * self.mass * self.length**2)
        potential = self.mass * self.gravity * self.length * (1.0 - jnp.cos(theta))
        return kinetic + potential

    def vector_field(self, state):
        theta, p = state[..., 0], state[..., 1]
        dtheta = p / (self.mass * self.length**2)
        dp = -self.mass * self.gravity * self.length * jnp.sin(theta)
        return jnp.stack([dtheta, dp], axis=-1)


def symplectic_euler(system, state, dt):
    theta, p = state[..., 0], state[..., 1]
    p = p + dt * system.vector_field(state)[..., 1]
    theta = theta + dt * p / (system.mass * system.length**2)
    return jnp.stack([theta, p], axis=-1)
