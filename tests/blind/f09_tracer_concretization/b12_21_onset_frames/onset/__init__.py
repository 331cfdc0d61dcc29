"""Spectral-flux onset detection with a learnable band weighting."""
