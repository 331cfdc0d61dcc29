"""Sensitivities shared by the spectroscopy operators."""
import jax.numpy as jnp


def absorption_sensitivity(g, transmitted, path_length, conc):
    """d loss / d epsilon for I = I0 * exp(-eps * c * l), with eps per wavelength.

    g, transmitted: (n_samples, n_wavelengths); conc: (n_samples,).
    """
    per_sample = -g * transmitted * path_length * conc[:, None]
    return jnp.sum(per_sample, axis=0)


def concentration_sensitivity(g, transmitted, path_length, eps):
    return jnp.sum(-g * transmitted * path_length * eps[None, :], axis=1)
