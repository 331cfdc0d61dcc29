"""Frequency responses of FIR filters."""
import jax.numpy as jnp


def freq_response(taps, omegas):
    n = jnp.arange(taps.shape[0])
    return jnp.exp(-1j * omegas[:, None] * n[None, :]) @ taps


def power(h):
    """Power spectrum |H|^2."""
    return h * jnp.conj(h)
