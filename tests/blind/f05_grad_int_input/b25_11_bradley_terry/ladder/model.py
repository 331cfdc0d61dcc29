"""Bradley-Terry strengths fitted by gradient ascent on the log-likelihood."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ladder.initializers import get_initializer


def log_likelihood(strength, winners, losers, prior_scale):
    diff = strength[winners] - strength[losers]
    ll = jnp.sum(jax.nn.log_sigmoid(diff))
    return ll - 0.5 * jnp.sum(strength**2) / prior_scale**2


class BradleyTerry:
    def __init__(self, n_players: int, settings: dict):
        self.n_players = n_players
        self.settings = settings

    def initial_strengths(self, winners):
        wins = jnp.bincount(winners, length=self.n_players)
        return get_initializer(self.settings["init"])(wins)

    @functools.partial(jax.jit, static_argnums=0)
    def _step(self, strength, winners, losers):
        ll, g = jax.value_and_grad(log_likelihood)(strength, winners, losers, self.settings["prior_scale"])
        return strength + self.settings["lr"] * g, ll

    def fit(self, winners, losers, n_iter=50):
        strength = self.initial_strengths(winners)
        for _ in range(n_iter):
            strength, ll = self._step(strength, winners, losers)
        return strength, ll
