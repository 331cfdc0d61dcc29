"""Stochastic SIR compartments (diffusion approximation, Euler-Maruyama)."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp


class SIRParams(NamedTuple):
    beta: float = 0.35
    gamma: float = 0.1
    population: float = 1e4
    dt: float = 0.25


class StochasticSIR:
    def __init__(self, params: SIRParams):
        self.p = params

    def step(self, state, key):
        """One Euler-Maruyama step; returns the new state and the key for the next step."""
        s, i, r = state
        p = self.p
        infect = p.beta * s * i / p.population * p.dt
        recover = p.gamma * i * p.dt
        key, k1, k2 = jax.random.split(key, 3)
        infect = infect + jnp.sqrt(infect) * jax.random.normal(k1)
        recover = recover + jnp.sqrt(recover) * jax.random.normal(k2)
        new = jnp.stack([s - infect, i + infect - recover, r + recover])
        return new, key

    def run(self, state, key, n_steps):
        def body(carry, _):
            state, key = carry
            state, key = self.step(state, key)
            return (state, key), state

        _, traj = jax.lax.scan(body, (state, key), None, length=n_steps)
        return traj
