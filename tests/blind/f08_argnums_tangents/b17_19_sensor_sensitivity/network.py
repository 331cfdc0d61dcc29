"""Linear response model of a gas-sensor array: readings = exposure @ gains + drift."""
from typing import NamedTuple

import jax.numpy as jnp


class ArrayConfig(NamedTuple):
    n_sensors: int = 6
    n_gases: int = 3
    n_samples: int = 40


def predict(params, exposure):
    """Readings of every sensor for every sample, shape (n_samples, n_sensors, 1)."""
    readings = jnp.einsum("sg,gk->sk", exposure, params["gains"]) + params["drift"]
    return readings[..., None]


def residual_weights(cfg: ArrayConfig):
    return jnp.ones((cfg.n_samples, cfg.n_sensors)) / cfg.n_samples
