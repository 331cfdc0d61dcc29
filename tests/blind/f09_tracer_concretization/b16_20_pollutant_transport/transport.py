"""Explicit upwind advection + central diffusion of a tracer plume."""
import jax.numpy as jnp
from jax import lax


def step(c, velocity, diffusivity, dx, dt):
    adv = -velocity * (c - jnp.roll(c, 1)) / dx
    dif = diffusivity * (jnp.roll(c, -1) - 2 * c + jnp.roll(c, 1)) / dx**2
    c = c + dt * (adv + dif)
    return c.at[0].set(0.0).at[-1].set(c[-2])


def run(c0, velocity, diffusivity, grid):
    body = lambda i, c: step(c, velocity, diffusivity, grid.dx, grid.dt)
    return lax.fori_loop(0, grid.n_steps, body, c0)
