"""Framing parameters (samples)."""
from typing import NamedTuple


class FrameConfig(NamedTuple):
    win: int = 256
    hop: int = 128
    n_bands: int = 16


DEFAULT = FrameConfig()
