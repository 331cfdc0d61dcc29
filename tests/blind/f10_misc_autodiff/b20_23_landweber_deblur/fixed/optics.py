"""Forward model of a defocused camera: Gaussian PSF blur followed by the sensor."""
import jax.numpy as jnp
from jax.scipy.signal import convolve2d

import sensor


def gaussian_psf(size=9, sigma=1.6):
    r = jnp.arange(size) - size // 2
    g = jnp.exp(-0.5 * (r / sigma) ** 2)
    k = jnp.outer(g, g)
    return k / k.sum()


PSF = gaussian_psf()


def forward(image):
    blurred = convolve2d(image, PSF, mode="same")
    return sensor.GAIN * blurred
