"""Post-hoc calibration state and its config."""
from dataclasses import dataclass
from typing import NamedTuple

import jax.numpy as jnp


@dataclass(frozen=True)
class CalibConfig:
    init_temperature: float = 1.5
    learning_rate: float = 0.01
    steps: int = 200


class CalibState(NamedTuple):
    temperature: jnp.ndarray


def init_state(cfg: CalibConfig) -> CalibState:
    return CalibState(temperature=jnp.full((1,), cfg.init_temperature))
