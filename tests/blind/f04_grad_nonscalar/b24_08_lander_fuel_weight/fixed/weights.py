"""Cost weights for the powered-descent guidance problem."""
from typing import NamedTuple

import jax.numpy as jnp


class Weights(NamedTuple):
    altitude: float
    velocity: float
    fuel: float
    smooth: float


def default_weights():
    return Weights(
        altitude=10.0,
        velocity=5.0,
        fuel=2e-3,
        smooth=1e-2,
    )
