"""2-D Ising model on an L x L torus, object-oriented port of a C++ teaching code."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from acceptance import RULES


@dataclass
class IsingState:
    spins: jax.Array
    key: jax.Array
    n_accepted: jax.Array


class IsingSimulator:
    def __init__(self, L=16, beta=0.44, J=1.0, rule="metropolis"):
        self.L, self.beta, self.J = L, beta, J
        self.rule = RULES[rule]()
        self._sweep = jax.jit(self.sweep)

    def init_state(self, seed=0):
        key = jax.random.key(seed)
        key, sub = jax.random.split(key)
        spins = jnp.where(jax.random.bernoulli(sub, 0.5, (self.L, self.L)), 1, -1)
        return IsingState(spins, key, jnp.array(0))

    def local_field(self, spins, i, j):
        L = self.L
        return (spins[(i + 1) % L, j] + spins[(i - 1) % L, j]
                + spins[i, (j + 1) % L] + spins[i, (j - 1) % L])

    def flip_step(self, spins, key, n_acc):
        k_site, k_acc = jax.random.split(key)
        i, j = jax.random.randint(k_site, (2,), 0, self.L)
        dE = 2.0 * self.J * spins[i, j] * self.local_field(spins, i, j)
        accepted = self.rule.accept(-self.beta * dE, k_acc)
        spins = spins.at[i, j].set(jnp.where(accepted, -spins[i, j], spins[i, j]))
        return spins, n_acc + accepted

    def sweep(self, spins, key, n_acc):
        keys = jax.random.split(key, self.L * self.L)
        for k in range(self.L * self.L):
            spins, n_acc = self.flip_step(spins, keys[k], n_acc)
        return spins, n_acc

    def run(self, state, n_sweeps):
        spins, key, n_acc = state.spins, state.key, state.n_accepted
        for _ in range(n_sweeps):
            key, sub = jax.random.split(key)
            spins, n_acc = self._sweep(spins, sub, n_acc)
        return IsingState(spins, key, n_acc)
