"""A differentiable 1-D 'renderer': sums Gaussian blobs onto a pixel grid."""

import jax.numpy as jnp

PIXELS = jnp.linspace(0.0, 1.0, 32)


def render(centres, widths):
    img = jnp.exp(-((PIXELS[None, :] - centres[:, None]) ** 2) / widths[:, None] ** 2)
    coverage = jnp.max(img, axis=0)
    return img.sum(axis=0), (coverage, img.shape)
