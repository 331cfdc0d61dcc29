"""Fit settings for the spike-count GLM."""

from dataclasses import dataclass


@dataclass(frozen=True)
class FitConfig:
    n_neurons: int = 5
    n_features: int = 7
    n_micro: int = 4
    lr: float = 0.05
    steps: int = 25
