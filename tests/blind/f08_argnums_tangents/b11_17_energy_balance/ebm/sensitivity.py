"""Directions for directional derivatives of the temperature path."""

import jax.numpy as jnp

FORCING_NAMES = ("co2", "aerosol", "volcanic")


def direction_for(name):
    """Unit perturbation of one forcing's scale factor."""
    return jnp.zeros(len(FORCING_NAMES)).at[FORCING_NAMES.index(name)].set(1.0)
