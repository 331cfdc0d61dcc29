"""Explicit finite-difference model of a heated rod with a cell-wise conductivity."""
import jax
import jax.numpy as jnp
from jax import lax


class Rod:
    def __init__(self, n_cells=32, length=0.5, rho_c=3.9e6, dt=0.05, n_steps=400):
        self.n = n_cells
        self.dx = length / n_cells
        self.rho_c = rho_c
        self.dt = dt
        self.n_steps = n_steps
        # conductivity is re-estimated in place as calibration data arrive
        self.k = jax.new_ref(jnp.full((n_cells + 1,), 45.0))
        self.probe = n_cells // 2

    def update_conductivity(self, k_new):
        self.k[...] = k_new

    def step(self, T, k, q):
        flux = -k[1:-1] * (T[1:] - T[:-1]) / self.dx
        flux = jnp.concatenate([jnp.zeros(1), flux, jnp.zeros(1)])
        dTdt = (-(flux[1:] - flux[:-1]) / self.dx + q) / self.rho_c
        return T + self.dt * dTdt

    def probe_temperature(self, k, q):
        kk = k[...]
        T0 = jnp.full((self.n,), 293.15)
        T = lax.fori_loop(0, self.n_steps, lambda i, T: self.step(T, kk, q), T0)
        return T[self.probe]
