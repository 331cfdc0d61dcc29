from tabular.core.outputs import LossOutput
from tabular.models.mlp import BatchNormMLP

__all__ = ["LossOutput", "BatchNormMLP"]
