"""Settings of the dendrite model and the voltage-clamp protocol."""
from dataclasses import dataclass


@dataclass(frozen=True)
class CableConfig:
    n_compartments: int = 8
    n_channels: int = 3  # Na, K, leak
    v_min: float = -90.0
    v_max: float = 30.0
    n_holds: int = 13
    lr: float = 1e-7
