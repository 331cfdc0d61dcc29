"""Experiment configuration."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class PendulumConfig:
    length: float = 1.0
    gravity: float = 9.81
    dt: float = 0.01
    steps: int = 200
    initial_state: tuple = (1, 0)  # (angle, angular velocity)
