"""Experiment configuration."""
from typing import NamedTuple


class RefinerConfig(NamedTuple):
    d_in: int = 6
    d_hidden: int = 24
    n_iters: int = 4
    step_size: float = 0.5
    learning_rate: float = 0.05
    train_steps: int = 30
