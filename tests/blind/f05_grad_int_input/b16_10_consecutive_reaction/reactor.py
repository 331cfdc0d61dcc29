"""Consecutive first-order reactions integrated with RK4 in a scan."""
import jax.numpy as jnp
from jax import lax


def rhs(c, k):
    a, b, _ = c
    r1, r2 = k[0] * a, k[1] * b
    return jnp.stack([-r1, r1 - r2, r2])


def rk4(c, k, dt):
    k1 = rhs(c, k)
    k2 = rhs(c + 0.5 * dt * k1, k)
    k3 = rhs(c + 0.5 * dt * k2, k)
    k4 = rhs(c + dt * k3, k)
    return c + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def trajectory(k, c0, t_end, n_steps):
    dt = t_end / n_steps

    def body(c, _):
        c = rk4(c, k, dt)
        return c, c

    _, cs = lax.scan(body, c0, None, length=n_steps)
    return cs
