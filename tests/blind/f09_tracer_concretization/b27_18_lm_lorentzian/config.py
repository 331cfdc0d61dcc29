"""Levenberg-Marquardt settings."""
from typing import NamedTuple


class LMConfig(NamedTuple):
    damping: float = 1e-2
    marquardt_scaling: bool = True
    max_iters: int = 40
