"""Fourier-optics model of a phase-only spatial light modulator."""
import jax.numpy as jnp

from optics.detect import intensity


class HolographicProjector:
    def __init__(self, aperture):
        self.aperture = aperture

    def far_field(self, phase):
        near = self.aperture * jnp.exp(1j * phase)
        return jnp.fft.fftshift(jnp.fft.fft2(near, norm="ortho"))

    def image(self, phase):
        img = intensity(self.far_field(phase))
        return img / jnp.sum(img)
