"""Linear forward model of a 1-D imaging system (Landweber needs its adjoint)."""

import jax.numpy as jnp

PSF = jnp.array([0.1, 0.2, 0.4, 0.2, 0.1])
GAIN = 0.8


def blur(signal):
    return jnp.convolve(signal, PSF, mode="same")


def forward_model(signal):
    return GAIN * jnp.tanh(blur(signal))
