"""Point-mass shell with quadratic drag, integrated with semi-implicit Euler."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax

from timegrid import num_steps

G = 9.81
RHO_AIR = 1.225


class Shell(NamedTuple):
    mass: float = 4.2         # kg
    diameter: float = 0.081   # m
    cd: float = 0.3


class Flight(NamedTuple):
    x: jnp.ndarray
    y: jnp.ndarray
    vx: jnp.ndarray
    vy: jnp.ndarray


def fly(angle, speed, shell=Shell(), t_final=30.0, dt=0.01):
    area = jnp.pi * shell.diameter ** 2 / 4.0
    k = 0.5 * RHO_AIR * shell.cd * area / shell.mass

    def body(i, s):
        v = jnp.sqrt(s.vx ** 2 + s.vy ** 2)
        vx = s.vx - dt * k * v * s.vx
        vy = s.vy - dt * (G + k * v * s.vy)
        airborne = s.y >= 0.0
        return Flight(
            jnp.where(airborne, s.x + dt * vx, s.x),
            jnp.where(airborne, s.y + dt * vy, s.y),
            jnp.where(airborne, vx, s.vx),
            jnp.where(airborne, vy, s.vy),
        )

    start = Flight(jnp.zeros(()), jnp.zeros(()), speed * jnp.cos(angle), speed * jnp.sin(angle))
    return lax.fori_loop(0, num_steps(t_final, dt), body, start)
