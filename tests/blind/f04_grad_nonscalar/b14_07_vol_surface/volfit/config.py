from dataclasses import dataclass


@dataclass(frozen=True)
class FitConfig:
    learning_rate: float = 0.05
    steps: int = 300
    wing_penalty: float = 1e-3
