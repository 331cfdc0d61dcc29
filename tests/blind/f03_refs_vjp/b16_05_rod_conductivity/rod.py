"""1-D heat conduction in a composite rod whose segment conductivities live in a Ref."""
import jax
import jax.numpy as jnp
from jax import lax


class Rod:
    def __init__(self, conductivity, dx=0.1, dt=1e-3, n_steps=200):
        self.k_ref = jax.new_ref(jnp.asarray(conductivity, jnp.float32))
        self.dx, self.dt, self.n_steps = dx, dt, n_steps

    def step(self, k, temp):
        flux = -k * jnp.diff(temp) / self.dx
        div = jnp.diff(flux, prepend=0.0, append=0.0) / self.dx
        return temp - self.dt * div

    def simulate(self, k_ref, temp0):
        k = k_ref[...]
        final, _ = lax.scan(lambda t, _: (self.step(k, t), None), temp0, None, length=self.n_steps)
        return final

    def misfit(self, k_ref, temp0, observed):
        return jnp.mean((self.simulate(k_ref, temp0) - observed) ** 2)
