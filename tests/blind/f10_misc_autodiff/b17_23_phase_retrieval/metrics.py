"""Distances between fields and spectra used across the optics experiments."""
import jax.numpy as jnp


def spectral_distance(a, b):
    """Mean squared distance between two Fourier fields."""
    return jnp.mean((a - b) ** 2)


def intensity_distance(field, measured):
    return jnp.mean((jnp.abs(field) ** 2 - measured) ** 2)
