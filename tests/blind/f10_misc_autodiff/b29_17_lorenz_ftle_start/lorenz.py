"""Lorenz-63 flow map with classical RK4 steps."""
from functools import partial

import jax
import jax.numpy as jnp


def vector_field(x, sigma, rho, beta):
    return jnp.array([
        sigma * (x[1] - x[0]),
        x[0] * (rho - x[2]) - x[1],
        x[0] * x[1] - beta * x[2],
    ])


def rk4_step(x, dt, params):
    f = partial(vector_field, **params)
    k1 = f(x)
    k2 = f(x + 0.5 * dt * k1)
    k3 = f(x + 0.5 * dt * k2)
    k4 = f(x + dt * k3)
    return x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def flow_map(x0, n_steps, dt, params):
    def body(x, _):
        return rk4_step(x, dt, params), None
    x, _ = jax.lax.scan(body, x0, None, length=n_steps)
    return x
