"""Training settings for the batch-normalised classifier."""

from typing import NamedTuple


class TrainSettings(NamedTuple):
    learning_rate: float = 0.1
    momentum: float = 0.9  # running-statistics momentum
    steps: int = 12
    grad_argnums: tuple = (0, 1)


SETTINGS = TrainSettings()
