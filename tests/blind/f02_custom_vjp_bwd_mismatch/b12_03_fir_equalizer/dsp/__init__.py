"""Differentiable DSP building blocks for a loudspeaker equalizer."""
from dsp.filters import equalize

__all__ = ["equalize"]
