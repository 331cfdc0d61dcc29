"""Sparse point observations of the forecast and their misfit."""
import jax.numpy as jnp


class PointSensors:
    def __init__(self, indices, sigma=0.05):
        self.indices = jnp.asarray(indices)
        self.sigma = sigma

    def observe(self, u):
        return u[self.indices]

    def misfit(self, u, y):
        r = (self.observe(u) - y) / self.sigma
        return 0.5 * jnp.sum(r * r)

    def misfit_gradient(self, u, y):
        """dJ/du at the forecast, used to seed the adjoint run."""
        r = (self.observe(u) - y) / self.sigma ** 2
        return jnp.zeros_like(u).at[self.indices].set(r)
