"""Parameters of a per-channel affine sensor calibration."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Calibration:
    gain: jax.Array
    offset: jax.Array
    temperature_coeff: jax.Array


def identity_calibration(channels):
    return Calibration(
        gain=jnp.ones((channels,)),
        offset=jnp.zeros((channels,)),
        temperature_coeff=jnp.array(0),
    )
