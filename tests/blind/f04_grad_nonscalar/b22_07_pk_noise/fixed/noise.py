"""Observation-noise models for concentration assays."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["log_sigma"], meta_fields=["floor"])
@dataclass
class GaussianNoise:
    log_sigma: jax.Array
    floor: float = 1e-3

    @property
    def sigma(self):
        return jnp.exp(self.log_sigma) + self.floor

    def nll(self, residuals):
        s = self.sigma
        return 0.5 * jnp.mean(residuals**2) / s**2 + jnp.log(s)


def init_noise(initial_sigma=0.5):
    return GaussianNoise(log_sigma=jnp.log(jnp.asarray(initial_sigma)))
