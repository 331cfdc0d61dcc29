"""Soft k-means distortion of an image against a palette."""

import jax
import jax.numpy as jnp


def soft_distortion(palette, pixels, temperature=50.0):
    d2 = jnp.sum((pixels[:, None, :] - palette[None, :, :]) ** 2, axis=-1)
    weights = jax.nn.softmax(-d2 / temperature, axis=-1)
    return jnp.mean(jnp.sum(weights * d2, axis=-1))


def assign(palette, pixels):
    d2 = jnp.sum((pixels[:, None, :] - palette[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d2, axis=-1)
