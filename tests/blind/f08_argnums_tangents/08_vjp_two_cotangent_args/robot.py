"""Differential-drive robot: pose update and wheel odometry."""

import jax.numpy as jnp


def step(pose, wheels, dt=0.1, base=0.5):
    v = 0.5 * (wheels[0] + wheels[1])
    w = (wheels[1] - wheels[0]) / base
    x, y, th = pose[0], pose[1], pose[2]
    new_pose = jnp.stack([x + dt * v * jnp.cos(th), y + dt * v * jnp.sin(th), th + dt * w])
    odometry = jnp.stack([v, w])
    return new_pose, odometry
