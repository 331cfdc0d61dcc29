"""Parameters of the SEIR outbreak model."""
from typing import NamedTuple

import jax.numpy as jnp


class EpiParams(NamedTuple):
    beta: jnp.ndarray   # transmission rate per day
    sigma: jnp.ndarray  # 1 / latent period
    gamma: jnp.ndarray  # 1 / infectious period
    alpha: jnp.ndarray  # incidence saturation (behavioural response)


def initial_guess():
    return EpiParams(beta=jnp.float32(0.4), sigma=jnp.float32(0.25),
                     gamma=jnp.float32(0.15), alpha=jnp.float32(2.0))


def truth():
    return EpiParams(beta=jnp.float32(0.55), sigma=jnp.float32(0.2),
                     gamma=jnp.float32(0.18), alpha=jnp.float32(5.0))
