"""A velocity-Verlet step for a harmonic bead with a hand-written adjoint."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array


OMEGA2 = 4.0  # spring constant over mass


def _accel(pos):
    return -OMEGA2 * pos


@jax.custom_vjp
def verlet_step(state, dt):
    a0 = _accel(state.pos)
    pos = state.pos + dt * state.vel + 0.5 * dt**2 * a0
    vel = state.vel + 0.5 * dt * (a0 + _accel(pos))
    return State(pos, vel)


def _verlet_fwd(state, dt):
    return verlet_step(state, dt), (state, dt)


def _verlet_bwd(res, ct):
    state, dt = res
    # The step is linear in (pos, vel): its transpose, written out.
    _, vjp = jax.vjp(lambda s: verlet_step.fun(s, dt), state)
    (ct_state,) = vjp(ct)
    _, vjp_dt = jax.vjp(lambda h: verlet_step.fun(state, h), dt)
    (ct_dt,) = vjp_dt(ct)
    return (*ct_state, ct_dt)


verlet_step.defvjp(_verlet_fwd, _verlet_bwd)
