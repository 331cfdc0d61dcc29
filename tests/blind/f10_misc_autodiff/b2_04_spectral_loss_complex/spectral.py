"""Spectral-domain losses for signal reconstruction."""

import jax.numpy as jnp


def spectral_mse(pred, target):
    diff = jnp.fft.rfft(pred) - jnp.fft.rfft(target)
    return jnp.mean(diff**2)


def time_mse(pred, target):
    return jnp.mean((pred - target) ** 2)
