"""Bead-spring polymer: harmonic bonds, cosine bending and WCA repulsion."""
import jax.numpy as jnp


class BeadSpring:
    def __init__(self, k_bond=100.0, r0=1.0, k_bend=5.0, sigma=1.0, epsilon=1.0):
        self.k_bond = k_bond
        self.r0 = r0
        self.k_bend = k_bend
        self.sigma = sigma
        self.epsilon = epsilon

    def bond_energy(self, pos):
        b = jnp.linalg.norm(pos[1:] - pos[:-1], axis=-1)
        return 0.5 * self.k_bond * jnp.sum((b - self.r0) ** 2)

    def bend_energy(self, pos):
        u = pos[1:] - pos[:-1]
        u = u / jnp.linalg.norm(u, axis=-1, keepdims=True)
        cos = jnp.sum(u[1:] * u[:-1], axis=-1)
        return self.k_bend * jnp.sum(1.0 - cos)

    def wca_energy(self, pos):
        n = pos.shape[0]
        i, j = jnp.triu_indices(n, k=2)
        r2 = jnp.sum((pos[i] - pos[j]) ** 2, axis=-1)
        cut2 = 2.0 ** (1.0 / 3.0) * self.sigma ** 2
        sr6 = (self.sigma ** 2 / jnp.maximum(r2, 0.5)) ** 3
        e = 4.0 * self.epsilon * (sr6 * sr6 - sr6) + self.epsilon
        return jnp.sum(jnp.where(r2 < cut2, e, 0.0))

    def terms(self, pos):
        return self.bond_energy(pos), self.bend_energy(pos), self.wca_energy(pos)

    def energy_with_terms(self, pos):
        """Total potential energy, followed by its breakdown for logging."""
        terms = self.terms(pos)
        return sum(terms), *terms
