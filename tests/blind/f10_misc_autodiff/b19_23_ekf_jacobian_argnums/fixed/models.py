"""Constant-velocity target with a range-bearing radar; settings for the filter."""

import functools

import jax.numpy as jnp

FILTER_SETTINGS = {
    "dt": 0.5,
    "process_noise": 0.05,
    "range_noise": 0.5,
    "bearing_noise": 0.01,
    "jacobian_argnums": {"transition": 0, "observation": 0},
}


def transition(x, dt):
    px, py, vx, vy = x
    return jnp.array([px + dt * vx, py + dt * vy, vx, vy])


def range_bearing(x, radar_pos):
    dx, dy = x[0] - radar_pos[0], x[1] - radar_pos[1]
    return jnp.array([jnp.sqrt(dx**2 + dy**2), jnp.arctan2(dy, dx)])


def make_models(settings, radar_pos=(0.0, 0.0)):
    f = functools.partial(transition, dt=settings["dt"])
    h = functools.partial(range_bearing, radar_pos=jnp.asarray(radar_pos))
    return f, h
