"""Settings of the unscented transform."""
from typing import NamedTuple


class UTConfig(NamedTuple):
    alpha: float = 1.0
    beta: float = 2.0
    kappa: float = 0.0
    sqrt_method: str = "principal"
