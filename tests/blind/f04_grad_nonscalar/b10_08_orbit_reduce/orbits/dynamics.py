"""Two-body motion integrated with velocity Verlet."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OrbitParams(NamedTuple):
    log_gm: jnp.ndarray
    r0: jnp.ndarray
    v0: jnp.ndarray


def accel(r, gm):
    return -gm * r / jnp.linalg.norm(r) ** 3


def simulate(params, n_steps, dt=0.05):
    gm = jnp.exp(params.log_gm)

    def step(carry, _):
        r, v = carry
        a = accel(r, gm)
        r_new = r + dt * v + 0.5 * dt**2 * a
        v_new = v + 0.5 * dt * (a + accel(r_new, gm))
        return (r_new, v_new), jnp.concatenate([r_new, v_new])

    _, states = jax.lax.scan(step, (params.r0, params.v0), None, length=n_steps)
    return states
