"""Reductions from per-observation quantities to per-orbit quantities."""
import jax.numpy as jnp


def per_orbit(x):
    """Sum an (orbits, epochs) array over its epochs."""
    return jnp.sum(x, axis=-1)


def weighted_mean_epochs(x, w):
    return jnp.sum(x * w, axis=-1) / jnp.sum(w, axis=-1)
