"""Experiment settings for the annealed VI run."""
from typing import NamedTuple


class RunConfig(NamedTuple):
    steps: int = 30
    lr: float = 0.05
    anneal_steps: int = 20
    diff_argnums: tuple = (0, 2)
