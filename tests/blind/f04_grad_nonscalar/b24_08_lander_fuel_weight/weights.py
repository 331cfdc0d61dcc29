"""Cost weights for the powered-descent guidance problem."""
from typing import NamedTuple

import jax.numpy as jnp


class Weights(NamedTuple):
    altitude: float
    velocity: float
    fuel: jnp.ndarray
    smooth: float


def default_weights():
    return Weights(
        altitude=10.0,
        velocity=5.0,
        fuel=jnp.full((1,), 2e-3),
        smooth=1e-2,
    )
