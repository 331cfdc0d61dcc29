from ctr.model import ClickModel
from ctr.buffers import GradPool
from ctr.trainer import Trainer

__all__ = ["ClickModel", "GradPool", "Trainer"]
