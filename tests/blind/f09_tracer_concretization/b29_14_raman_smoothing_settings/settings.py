"""Preprocessing settings for the Raman classifier (values from the SciPy pipeline)."""
from typing import NamedTuple


class PreprocessSettings(NamedTuple):
    half_width: int = 5          # smoothing window is 2 * half_width + 1 points
    sigma_points: float = 2.0
    baseline_degree: int = 3
    normalise: bool = True


DEFAULT = PreprocessSettings()
