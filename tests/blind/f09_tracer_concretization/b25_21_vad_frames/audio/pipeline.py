"""Energy-based voice activity detection."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from audio.framing import frame_signal


@dataclass(frozen=True)
class VADConfig:
    sample_rate: int = 16000
    frame_ms: float = 20.0
    threshold_db: float = -35.0


@jax.jit
def frame_log_energy(x, sample_rate):
    frames = frame_signal(x, sample_rate, frame_ms=20.0)
    energy = jnp.mean(frames**2, axis=-1)
    return 10.0 * jnp.log10(energy + 1e-10)


def voiced_mask(x, cfg: VADConfig):
    db = frame_log_energy(x, cfg.sample_rate)
    return db > cfg.threshold_db
