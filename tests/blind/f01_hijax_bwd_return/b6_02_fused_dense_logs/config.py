"""Model configuration for the surrogate regressor."""

import dataclasses


@dataclasses.dataclass(frozen=True)
class DenseConfig:
    d_in: int = 5
    d_hidden: int = 24
    log_grad_norms: bool = False
    learning_rate: float = 0.02
    momentum: float = 0.9
