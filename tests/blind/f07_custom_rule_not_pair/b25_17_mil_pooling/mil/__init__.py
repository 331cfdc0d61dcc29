from mil.pooling import lse_pool
from mil.expectations import softmax_weights, weighted_tangent
from mil.model import InstanceScorer

__all__ = ["lse_pool", "softmax_weights", "weighted_tangent", "InstanceScorer"]
