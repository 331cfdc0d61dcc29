"""Divergences between diagonal Gaussians."""
import jax.numpy as jnp


def gaussian_kl(mu, logvar):
    """KL(N(mu, exp(logvar)) || N(0, 1)) for each example: shape (batch,)."""
    return -0.5 * jnp.sum(1.0 + logvar - mu**2 - jnp.exp(logvar), axis=-1)
