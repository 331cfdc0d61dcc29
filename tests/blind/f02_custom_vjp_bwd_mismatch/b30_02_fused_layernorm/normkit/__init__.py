from normkit.params import NormParams, init_norm
from normkit.ops import layer_norm

__all__ = ["NormParams", "init_norm", "layer_norm"]
