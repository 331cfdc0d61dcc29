"""The jitted detector, built once per configuration."""
import jax

from onset.features import band_energies, frame, spectral_flux


def detect(weights, signal, cfg):
    return spectral_flux(band_energies(frame(signal, cfg), cfg), weights)


detect_jit = jax.jit(detect)
