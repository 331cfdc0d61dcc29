"""Steady 1D heat conduction with fixed-temperature ends, discretised by finite differences."""

import jax.numpy as jnp

from linsolve import implicit_solve


class Rod:
    def __init__(self, n=64, length=1.0, conductivity=1.0):
        self.n = n
        self.h = length / (n + 1)
        self.k = conductivity
        self.x = jnp.linspace(self.h, length - self.h, n)

    def apply_operator(self, u):
        padded = jnp.pad(u, 1)
        return self.k * (2 * u - padded[:-2] - padded[2:]) / self.h**2

    def temperature(self, source):
        return implicit_solve(self.apply_operator, source)

    def gaussian_sources(self, amplitudes, centers, width=0.05):
        return jnp.sum(amplitudes[:, None] * jnp.exp(-((self.x[None, :] - centers[:, None]) ** 2) / (2 * width**2)), axis=0)
