"""BAOAB Langevin integrator."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class MDState(NamedTuple):
    pos: jnp.ndarray
    vel: jnp.ndarray
    key: jax.Array


def make_step(potential, dt=0.005, gamma=1.0, kT=1.0, mass=1.0):
    force_fn = jax.value_and_grad(potential, has_aux=True)
    c1 = jnp.exp(-gamma * dt)
    c2 = jnp.sqrt((1.0 - c1 ** 2) * kT / mass)

    @jax.jit
    def step(state):
        (_, terms), grad = force_fn(state.pos)
        vel = state.vel - 0.5 * dt * grad / mass
        pos = state.pos + 0.5 * dt * vel
        key, sub = jax.random.split(state.key)
        vel = c1 * vel + c2 * jax.random.normal(sub, vel.shape)
        pos = pos + 0.5 * dt * vel
        (_, terms), grad = force_fn(pos)
        vel = vel - 0.5 * dt * grad / mass
        return MDState(pos, vel, key), terms

    return step
