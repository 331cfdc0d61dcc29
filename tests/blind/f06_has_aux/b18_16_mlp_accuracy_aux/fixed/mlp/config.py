"""Trainer settings."""
from dataclasses import dataclass


@dataclass(frozen=True)
class TrainerConfig:
    learning_rate: float = 1e-2
    epochs: int = 5
    loss_returns_aux: bool = True
