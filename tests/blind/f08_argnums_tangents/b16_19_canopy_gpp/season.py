"""Day-of-year weights that emphasise the growing season."""
import jax.numpy as jnp


def growing_season_weights(doy, peak=190.0, width=45.0):
    w = jnp.exp(-0.5 * ((doy - peak) / width) ** 2)
    return w / jnp.sum(w)
