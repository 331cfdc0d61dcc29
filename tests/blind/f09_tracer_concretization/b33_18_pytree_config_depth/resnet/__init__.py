from resnet.config import ResMLPConfig
from resnet.model import init_params, forward

__all__ = ["ResMLPConfig", "init_params", "forward"]
