"""Generalised Lotka-Volterra dynamics for a few interacting species."""

import jax
import jax.numpy as jnp


class LotkaVolterra:
    def __init__(self, growth, dt=0.01, n_steps=500):
        self.growth = jnp.asarray(growth)
        self.n_species = self.growth.shape[0]
        self.dt = dt
        self.n_steps = n_steps

    def rhs(self, pop, interactions):
        return pop * (self.growth + interactions @ pop)

    def final_population(self, interactions, pop0):
        def step(pop, _):
            return pop + self.dt * self.rhs(pop, interactions), None

        pop, _ = jax.lax.scan(step, pop0, None, length=self.n_steps)
        return pop
