"""Mask-based two-source separation of short audio frames."""
