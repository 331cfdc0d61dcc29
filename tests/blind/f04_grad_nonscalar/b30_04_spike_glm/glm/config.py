"""Fitting configuration for a population GLM."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class FitConfig:
    observation: str = "poisson"
    reduction: str = "none"
    bin_ms: float = 5.0
    l2: float = 1e-3
    learning_rate: float = 0.05
    steps: int = 50

    def loss_kwargs(self):
        return {"reduction": self.reduction, "dt": self.bin_ms / 1000.0}
