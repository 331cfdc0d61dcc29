"""Scalar diffraction: angular-spectrum propagation of a sampled complex field."""

import jax.numpy as jnp


class AngularSpectrum:
    def __init__(self, n, pitch, wavelength, distance):
        fx = jnp.fft.fftfreq(n, d=pitch)
        fxx, fyy = jnp.meshgrid(fx, fx, indexing="ij")
        arg = 1.0 / wavelength**2 - fxx**2 - fyy**2
        kz = 2 * jnp.pi * jnp.sqrt(jnp.maximum(arg, 0.0))
        self.transfer = jnp.where(arg > 0, jnp.exp(1j * kz * distance), 0.0)

    def __call__(self, field):
        return jnp.fft.ifft2(jnp.fft.fft2(field) * self.transfer)


def phase_mask(phase, amplitude=1.0):
    return amplitude * jnp.exp(1j * phase)
