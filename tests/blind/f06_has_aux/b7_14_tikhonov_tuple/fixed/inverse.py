"""Tikhonov-regularised deconvolution of a 1-D signal blurred by a known kernel."""

import jax.numpy as jnp


def blur(signal, kernel):
    return jnp.convolve(signal, kernel, mode="same")


def second_difference(signal):
    return signal[2:] - 2.0 * signal[1:-1] + signal[:-2]


def objective(signal, observed, kernel, alpha):
    misfit = jnp.sum((blur(signal, kernel) - observed) ** 2)
    smoothness = jnp.sum(second_difference(signal) ** 2)
    return misfit + alpha * smoothness
