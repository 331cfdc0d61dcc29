"""Lorenz-63 system integrated with RK4 under lax.scan."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class LorenzParams(NamedTuple):
    sigma: float
    rho: float
    beta: float


def vector_field(s, p):
    x, y, z = s
    return jnp.stack([p.sigma * (y - x), x * (p.rho - z) - y, x * y - p.beta * z])


def integrate(s0, p, dt, n_steps):
    def step(s, _):
        k1 = vector_field(s, p)
        k2 = vector_field(s + 0.5 * dt * k1, p)
        k3 = vector_field(s + 0.5 * dt * k2, p)
        k4 = vector_field(s + dt * k3, p)
        s = s + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return s, s

    return lax.scan(step, s0, None, length=n_steps)
