from denoise.losses import LOSSES
from denoise.masks import GainMLP

__all__ = ["LOSSES", "GainMLP"]
