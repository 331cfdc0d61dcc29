"""Double pendulum in canonical coordinates (q = angles, p = conjugate momenta)."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Pendulum:
    m1: float = 1.0
    m2: float = 0.7
    l1: float = 1.0
    l2: float = 0.8
    g: float = 9.81

    def mass_matrix(self, q):
        c = jnp.cos(q[0] - q[1])
        m12 = self.m2 * self.l1 * self.l2 * c
        return jnp.array([[(self.m1 + self.m2) * self.l1 ** 2, m12],
                          [m12, self.m2 * self.l2 ** 2]])

    def kinetic(self, q, p):
        qdot = jnp.linalg.solve(self.mass_matrix(q), p)
        return 0.5 * p @ qdot

    def potential(self, q):
        y1 = -self.l1 * jnp.cos(q[0])
        y2 = y1 - self.l2 * jnp.cos(q[1])
        return self.g * (self.m1 * y1 + self.m2 * y2)

    def hamiltonian(self, q, p):
        return self.kinetic(q, p) + self.potential(q)
