from dataclasses import dataclass


@dataclass(frozen=True)
class PPOConfig:
    n_arms: int = 5
    n_features: int = 4
    clip: float = 0.2
    lr: float = 0.1
    batch: int = 64
    epochs: int = 4
