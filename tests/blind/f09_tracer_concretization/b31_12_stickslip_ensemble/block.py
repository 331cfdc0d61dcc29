"""A block dragged through a spring by a plate moving at constant speed."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax

from friction import friction_force


class BlockParams(NamedTuple):
    mass: float
    stiffness: float
    normal: float
    plate_speed: float


def run(params, x0, t_final=20.0, dt=1e-3):
    n = int(t_final / dt)

    def step(carry, i):
        x, v = carry
        pull = params.stiffness * (params.plate_speed * i * dt - x)
        f = pull + friction_force(v, pull, params.normal)
        v_new = v + dt * f / params.mass
        x_new = x + dt * v_new
        return (x_new, v_new), v_new

    _, velocities = lax.scan(step, (x0, jnp.zeros_like(x0)), jnp.arange(n))
    return velocities
