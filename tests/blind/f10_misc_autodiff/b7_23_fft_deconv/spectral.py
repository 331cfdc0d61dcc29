"""Frequency-domain operators for circular convolution."""

import jax.numpy as jnp


def transfer_function(kernel, n):
    return jnp.fft.fft(kernel, n=n)


def apply_filter(signal, H):
    return jnp.fft.ifft(jnp.fft.fft(signal) * H)


def wiener_like_inverse(observed, H, reg):
    return jnp.fft.ifft(jnp.fft.fft(observed) * jnp.conj(H) / (jnp.abs(H) ** 2 + reg))
