"""A toy system matrix: each ray integrates a random band of pixels."""

import jax
import jax.numpy as jnp


def ray_matrix(key, n_rays, n_pixels, width=0.15):
    centers = jax.random.uniform(key, (n_rays, 1))
    pos = jnp.linspace(0.0, 1.0, n_pixels)[None, :]
    return jnp.exp(-0.5 * ((pos - centers) / width) ** 2)
