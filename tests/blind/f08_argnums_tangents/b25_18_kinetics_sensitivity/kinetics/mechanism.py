"""A -> B -> C consecutive first-order reactions, integrated with RK4 in lax.scan."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Mechanism(NamedTuple):
    n_steps: int = 200
    dt: float = 0.05


def rhs(c, k):
    a, b, _ = c
    return jnp.array([-k[0] * a, k[0] * a - k[1] * b, k[1] * b])


def simulate(k, c0, mech: Mechanism = Mechanism()):
    def step(c, _):
        k1 = rhs(c, k)
        k2 = rhs(c + 0.5 * mech.dt * k1, k)
        k3 = rhs(c + 0.5 * mech.dt * k2, k)
        k4 = rhs(c + mech.dt * k3, k)
        c = c + mech.dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return c, c[1]

    _, b_traj = jax.lax.scan(step, c0, None, length=mech.n_steps)
    return b_traj  # concentration of the intermediate B over time
