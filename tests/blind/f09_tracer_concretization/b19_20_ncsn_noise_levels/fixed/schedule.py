"""Geometric noise levels for denoising score matching."""

import math
from dataclasses import dataclass, field

import jax.numpy as jnp


def geometric(sigma_max, sigma_min, n):
    ratio = (sigma_min / sigma_max) ** (1.0 / (n - 1))
    return tuple(sigma_max * ratio**i for i in range(n))


@dataclass(frozen=True)
class NoiseSchedule:
    sigmas: tuple = field(default_factory=lambda: geometric(1.0, 0.01, 10))

    @property
    def n_levels(self):
        return len(self.sigmas)

    def sigma(self, level):
        return jnp.asarray(self.sigmas)[level]

    def log_sigma_range(self):
        return math.log(self.sigmas[-1]), math.log(self.sigmas[0])
