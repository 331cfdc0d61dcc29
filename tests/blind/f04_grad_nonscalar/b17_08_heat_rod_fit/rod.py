"""Explicit finite-difference model of a heated rod with unknown conductivity."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def laplacian(u, dx):
    padded = jnp.pad(u, 1, mode="edge")
    return (padded[2:] - 2 * padded[1:-1] + padded[:-2]) / dx**2


@partial(jax.jit, static_argnames=("n_steps",))
def simulate(log_kappa, u0, source, dx=0.1, dt=1e-3, n_steps=200):
    kappa = jnp.exp(log_kappa)

    def step(u, _):
        u = u + dt * (kappa * laplacian(u, dx) + source)
        return u, u[len(u) // 2]

    u_final, mid_trace = lax.scan(step, u0, None, length=n_steps)
    return u_final, mid_trace
