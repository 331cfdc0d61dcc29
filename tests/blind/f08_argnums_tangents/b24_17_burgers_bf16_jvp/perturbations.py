"""Localised initial-condition perturbations for forecast-sensitivity studies."""
import jax.numpy as jnp

from precision import DOMAIN, N_GRID


def gaussian_bump(center, width, amplitude=1.0):
    x = jnp.linspace(0.0, DOMAIN, N_GRID, endpoint=False)
    dist = jnp.angle(jnp.exp(1j * (x - center)))  # periodic distance
    return amplitude * jnp.exp(-0.5 * (dist / width) ** 2)
