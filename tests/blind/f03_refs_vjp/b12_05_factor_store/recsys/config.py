"""Model sizes and optimiser settings."""
from dataclasses import dataclass


@dataclass(frozen=True)
class MFConfig:
    n_users: int = 40
    n_items: int = 25
    rank: int = 6
    l2: float = 1e-3
    lr: float = 0.5
