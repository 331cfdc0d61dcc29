"""Reading raw detector-corrected slices as written by the scanner console."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class ScanHeader:
    rows: int
    cols: int
    scale: float = 1e-3      # attenuation per stored count (1/mm)
    max_count: int = 4095    # 12-bit data in 16-bit words


def read_slice(buf: bytes, header: ScanHeader) -> np.ndarray:
    """Little-endian 16-bit words, row-major."""
    return np.frombuffer(buf, dtype="<u2").reshape(header.rows, header.cols)
