"""Frequency-domain operators for circular convolution."""

import jax.numpy as jnp


def transfer_function(kernel, n):
    return jnp.fft.fft(kernel, n=n)


def apply_filter(signal, H):
    # the signal and the kernel are real, so the filtered signal is too
    return jnp.fft.ifft(jnp.fft.fft(signal) * H).real


def wiener_like_inverse(observed, H, reg):
    return jnp.fft.ifft(jnp.fft.fft(observed) * jnp.conj(H) / (jnp.abs(H) ** 2 + reg))
