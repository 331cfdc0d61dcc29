"""SIR epidemic model integrated with lax.scan."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

from settings import INITIAL_GUESS, POPULATION


class SIRParams(NamedTuple):
    beta: jax.Array
    gamma: jax.Array
    i0: jax.Array

    @classmethod
    def from_dict(cls, d):
        return cls(**{k: jnp.asarray(v) for k, v in d.items()})


def trajectory(p: SIRParams, days: int = 60, dt: float = 0.25):

    def rhs(y):
        s, i, r = y
        new_inf = p.beta * s * i / POPULATION
        return jnp.stack([-new_inf, new_inf - p.gamma * i, p.gamma * i])

    def step(y, _):
        y = y + dt * rhs(y)
        return y, y[1]

    y0 = jnp.stack([POPULATION - p.i0, p.i0, 0.0 * p.i0])
    _, infected = lax.scan(step, y0, None, length=int(days / dt))
    return infected[::int(1 / dt)]


def initial_params():
    return SIRParams.from_dict(INITIAL_GUESS)
