"""Planar double-integrator drones."""

from typing import NamedTuple

import jax.numpy as jnp

DT = 0.1


class Swarm(NamedTuple):
    pos: jnp.ndarray  # (n_drones, 2)
    vel: jnp.ndarray  # (n_drones, 2)


def step(state, accel, drag=0.2):
    vel = state.vel + DT * (accel - drag * state.vel)
    return Swarm(state.pos + DT * vel, vel)


def stage_cost(state, accel, target, effort_weight=0.05):
    tracking = jnp.sum((state.pos - target) ** 2, axis=-1)
    effort = effort_weight * jnp.sum(accel**2, axis=-1)
    return tracking + effort
