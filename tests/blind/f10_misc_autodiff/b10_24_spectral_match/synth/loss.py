"""Spectral distance between the rendered voice and a target recording."""
import jax.numpy as jnp

from synth.dsp import power, spectrum
from synth.oscillator import Voice, render


def spectral_loss(log_amps, target):
    rendered = render(Voice(log_amps))
    return jnp.mean((power(spectrum(rendered)) - power(spectrum(target))) ** 2)
