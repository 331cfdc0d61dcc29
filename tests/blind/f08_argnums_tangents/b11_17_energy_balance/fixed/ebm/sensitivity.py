"""Directions for directional derivatives of the temperature path."""

import jax.numpy as jnp

FORCING_NAMES = ("co2", "aerosol", "volcanic")


def direction_for(name):
    """Unit perturbation of one forcing's scale factor (params[0] is the feedback)."""
    return jnp.zeros(1 + len(FORCING_NAMES)).at[1 + FORCING_NAMES.index(name)].set(1.0)
