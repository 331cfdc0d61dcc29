"""Nonlinear systems from exercise sheet 7, each with the starting point from the sheet."""
import jax.numpy as jnp


def circle_line(v):
    x, y = v
    return jnp.array([x**2 + y**2 - 4.0, x - y - 1.0])


def exp_system(v):
    x, y = v
    return jnp.array([jnp.exp(x) + y - 2.0, x**2 + y**2 - 1.5])


SYSTEMS = {
    "circle_line": (circle_line, jnp.array([1, 1])),
    "exp_system": (exp_system, jnp.array([0.5, 0.5])),
}
