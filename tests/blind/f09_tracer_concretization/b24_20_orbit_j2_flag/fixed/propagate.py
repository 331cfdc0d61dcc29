"""RK4 orbit propagation."""
from functools import partial

import jax
import jax.numpy as jnp

from forces import acceleration


def _derivative(state, fm):
    r, v = state[:3], state[3:]
    return jnp.concatenate([v, acceleration(r, fm)])


@partial(jax.jit, static_argnames=("fm", "n_steps"))
def propagate(state0, fm, n_steps, dt=30.0):
    def step(s, _):
        k1 = _derivative(s, fm)
        k2 = _derivative(s + 0.5 * dt * k1, fm)
        k3 = _derivative(s + 0.5 * dt * k2, fm)
        k4 = _derivative(s + dt * k3, fm)
        s = s + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return s, s[:3]

    _, positions = jax.lax.scan(step, state0, None, length=n_steps)
    return positions
