"""Discrete-time pendulum dynamics for a linear-quadratic controller."""

import jax.numpy as jnp

DT = 0.05
G_OVER_L = 9.81


def step(state, torque):
    theta, omega = state[0], state[1]
    omega_next = omega + DT * (-G_OVER_L * jnp.sin(theta) + torque[0])
    return jnp.stack([theta + DT * omega_next, omega_next])
