from imaging.operators import GradientOperator
from imaging.tv import tv_denoise

__all__ = ["GradientOperator", "tv_denoise"]
