"""Semi-implicit Euler integration of a point mass with quadratic air drag."""
import math

import jax
import jax.numpy as jnp

G = 9.81


def accel(vel, drag_k):
    speed = jnp.sqrt(jnp.sum(vel**2) + 1e-9)
    return jnp.array([0.0, -G]) - drag_k * speed * vel


def fly(v0, angle_deg, drag_k, t_final, dt):
    theta = jnp.deg2rad(angle_deg)
    pos = jnp.zeros(2)
    vel = v0 * jnp.array([jnp.cos(theta), jnp.sin(theta)])
    n_steps = math.ceil(t_final / dt)

    def body(_, state):
        p, v = state
        v = v + dt * accel(v, drag_k)
        return p + dt * v, v

    pos, vel = jax.lax.fori_loop(0, n_steps, body, (pos, vel))
    return pos
