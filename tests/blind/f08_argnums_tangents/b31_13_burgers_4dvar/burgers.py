"""Viscous Burgers equation on a periodic grid, first-order upwind + central diffusion."""
import jax.numpy as jnp
from jax import lax

NX = 128
LENGTH = 2.0 * jnp.pi
DX = LENGTH / NX


def tendency(u, nu):
    up = jnp.roll(u, -1)
    um = jnp.roll(u, 1)
    adv_pos = u * (u - um) / DX
    adv_neg = u * (up - u) / DX
    advection = jnp.where(u > 0, adv_pos, adv_neg)
    diffusion = nu * (up - 2.0 * u + um) / DX ** 2
    return -advection + diffusion


def forecast(u0, nu=0.05, dt=2e-3, n_steps=250):
    return lax.fori_loop(0, n_steps, lambda i, u: u + dt * tendency(u, nu), u0)


def grid():
    return jnp.arange(NX) * DX
