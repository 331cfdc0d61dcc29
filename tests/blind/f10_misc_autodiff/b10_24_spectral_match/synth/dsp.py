"""Small signal-processing helpers."""
import jax.numpy as jnp


def hann(n):
    return 0.5 - 0.5 * jnp.cos(2 * jnp.pi * jnp.arange(n) / n)


def spectrum(signal):
    n = signal.shape[-1]
    return jnp.fft.rfft(signal * hann(n)) * (2.0 / n)


def power(spec):
    return spec * spec


def to_db(p, floor=1e-10):
    return 10.0 * jnp.log10(jnp.maximum(jnp.abs(p), floor))
