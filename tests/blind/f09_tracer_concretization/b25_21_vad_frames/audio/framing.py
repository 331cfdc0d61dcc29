"""Cutting a waveform into fixed-length frames."""

from __future__ import annotations

import jax.numpy as jnp


def frame_signal(x, sample_rate, frame_ms=25.0):
    """Non-overlapping frames of ``frame_ms`` milliseconds; the tail is dropped."""
    frame_len = int(sample_rate * frame_ms / 1000.0)
    n_frames = x.shape[-1] // frame_len
    return jnp.reshape(x[..., : n_frames * frame_len], x.shape[:-1] + (n_frames, frame_len))
