from ladder.initializers import INITIALIZERS, get_initializer
from ladder.model import BradleyTerry

__all__ = ["INITIALIZERS", "get_initializer", "BradleyTerry"]
