"""Drag of a sphere from a measured table of drag coefficient against Mach number."""

import jax
import jax.numpy as jnp
import numpy as np

MACH = np.array([0.0, 0.5, 0.8, 0.9, 1.0, 1.2, 1.5, 2.0, 3.0])
CD = np.array([0.47, 0.48, 0.55, 0.65, 0.80, 0.95, 0.92, 0.88, 0.85])
SPEED_OF_SOUND = 343.0


def _cd_host(mach):
    return np.interp(mach, MACH, CD).astype(np.float32)


def drag_coefficient(speed):
    mach = speed / SPEED_OF_SOUND
    return jnp.interp(mach, MACH, CD)


def drag_acceleration(velocity, radius=0.05, mass=1.0, rho=1.2):
    speed = jnp.linalg.norm(velocity)
    area = jnp.pi * radius**2
    return -0.5 * rho * drag_coefficient(speed) * area * speed * velocity / mass
