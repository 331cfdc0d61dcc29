"""Phase retrieval: fit a complex transmission function to measured intensities."""

import jax.numpy as jnp


def field(phase, amplitude):
    return amplitude * jnp.exp(1j * phase)


def propagate(u):
    return jnp.fft.fft(u) / jnp.sqrt(u.shape[0])


def misfit(phase, amplitude, measured):
    far = propagate(field(phase, amplitude))
    return jnp.sum((far * jnp.conj(far) - measured) ** 2)
