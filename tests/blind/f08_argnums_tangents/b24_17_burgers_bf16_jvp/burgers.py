"""Viscous Burgers equation, upwind advection and central diffusion, periodic."""
import jax
import jax.numpy as jnp

from precision import DOMAIN, N_GRID

DX = DOMAIN / N_GRID


def tendency(u, nu):
    up = jnp.roll(u, -1)
    um = jnp.roll(u, 1)
    adv = jnp.where(u > 0, u * (u - um), u * (up - u)) / DX
    diff = nu * (up - 2 * u + um) / DX**2
    return -adv + diff


def forecast(u0, n_steps=200, dt=0.005, nu=0.02):
    def step(u, _):
        return (u + dt * tendency(u, nu)).astype(u.dtype), None
    u, _ = jax.lax.scan(step, u0, None, length=n_steps)
    return u
