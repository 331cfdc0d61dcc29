"""Beam properties and its total potential energy."""

from dataclasses import dataclass

import jax.numpy as jnp

from fem.terms import ENERGY_TERMS


@dataclass(frozen=True)
class Beam:
    length: float = 2.0
    n: int = 20
    ei: float = 50.0  # flexural rigidity
    k_tip: float = 5.0  # spring supporting the free end
    load_per_length: float = 1.0

    @property
    def h(self):
        return self.length / self.n

    @property
    def load(self):
        x = jnp.linspace(self.h, self.length, self.n)
        return self.load_per_length * (1.0 + 0.5 * x / self.length)  # linearly increasing


def total_energy(w, beam, terms=("bending", "load", "tip_spring")):
    return sum(ENERGY_TERMS[name](w, beam) for name in terms)
