"""Typed configuration objects for the segmentation losses."""
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class DiceConfig:
    smooth: float = 1.0
    reduction: Literal["mean", "sum", "none"] = "none"
