from glm.losses import LOSSES, get_loss, register_loss
from glm.config import FitConfig

__all__ = ["LOSSES", "get_loss", "register_loss", "FitConfig"]
